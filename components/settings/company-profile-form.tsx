"use client";

import { useActionState, useState } from "react";
import { updateCompanyProfileAction, type CompanyProfileState } from "@/app/actions/settings";
import { useI18n } from "@/components/providers";
import { FilePicker } from "@/components/signing/file-picker";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { contrastRatio, isHexColor, readableOn } from "@/lib/schemas/brand-color";
import { LOGO_MAX_BYTES } from "@/lib/schemas/company-profile";

export type CompanyProfileValues = { legalName: string; logo: string | null; brandColor: string | null };

/**
 * The company the account's signers and persons see: legal name, logo (PNG or JPEG, redrawn by
 * the server) and colour. The preview writes on the colour in black or white, as the public
 * pages do, and says the contrast reached.
 */
export function CompanyProfileForm({ profile }: { profile: CompanyProfileValues }) {
  const { t } = useI18n();
  const [state, action, pending] = useActionState<CompanyProfileState, FormData>(updateCompanyProfileAction, {});
  const [name, setName] = useState(profile.legalName);
  const [color, setColor] = useState(profile.brandColor ?? "");
  const [tooHeavy, setTooHeavy] = useState(false);
  const shown = isHexColor(color) && color.length === 7 ? color : null;
  const text = shown ? readableOn(shown) : null;
  const logoError = tooHeavy ? t("settings.logoTooHeavy") : state.fieldErrors?.logo ? t(state.fieldErrors.logo) : undefined;
  return (
    <form action={action} className="flex max-w-xl flex-col gap-4">
      <p className="text-sm text-zinc-600">{t("settings.companyLead")}</p>
      <Field id="company-name" name="legalName" label={t("settings.legalName")} hint={t("settings.legalNameHint")} value={name} onChange={(e) => setName(e.target.value)} maxLength={200} error={state.fieldErrors?.legalName ? t(state.fieldErrors.legalName) : undefined} />
      <div className="flex flex-col gap-1">
        <label htmlFor="company-color" className="text-sm font-medium text-zinc-800">{t("settings.brandColor")}</label>
        <div className="flex items-center gap-3">
          {/* The swatch picks; the text field (what is sent) also takes a typed #rrggbb, and empty means none. */}
          <input type="color" aria-label={t("settings.brandColorPicker")} value={shown ?? "#9f1239"} onChange={(e) => setColor(e.target.value)} className="h-10 w-12 shrink-0 cursor-pointer rounded border border-zinc-300 bg-white" />
          <input
            id="company-color"
            name="brandColor"
            value={color}
            onChange={(e) => setColor(e.target.value)}
            placeholder="#9f1239"
            aria-describedby="company-color-hint"
            aria-invalid={state.fieldErrors?.brandColor ? true : undefined}
            className="min-h-10 w-36 rounded-md border border-zinc-300 bg-white px-3 py-2 font-mono text-base aria-invalid:border-red-500"
          />
          {color && (
            <button type="button" onClick={() => setColor("")} className="text-sm text-brand-700 underline">
              {t("settings.brandColorClear")}
            </button>
          )}
        </div>
        <p id="company-color-hint" className="text-xs text-zinc-500">{t("settings.brandColorHint")}</p>
        {state.fieldErrors?.brandColor && <p role="alert" className="text-sm text-red-700">{t(state.fieldErrors.brandColor)}</p>}
      </div>
      <FilePicker
        id="company-logo"
        name="logo"
        label={t("settings.logo")}
        hint={t("settings.logoHint")}
        accept="image/png,image/jpeg"
        error={logoError}
        onPick={(file) => setTooHeavy(Boolean(file && file.size > LOGO_MAX_BYTES))}
      />
      {profile.logo && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="removeLogo" className="h-4 w-4" />
          {t("settings.logoRemove")}
        </label>
      )}
      <div className="flex flex-col gap-1">
        <span className="text-sm font-medium text-zinc-800">{t("settings.preview")}</span>
        <div data-testid="company-preview" style={shown && text ? { backgroundColor: shown, color: text } : undefined} className="flex items-center gap-3 rounded-md border border-zinc-200 px-4 py-3">
          {/* eslint-disable-next-line @next/next/no-img-element -- the stored logo as a data: URI */}
          {profile.logo ? <img src={profile.logo} alt="" className="h-10 w-auto max-w-[45%] rounded bg-white object-contain p-1" /> : null}
          <span className="min-w-0 text-lg font-semibold [overflow-wrap:anywhere]">{name.trim() || t("settings.legalNameUnset")}</span>
        </div>
        {shown && text && <p className="text-xs text-zinc-500">{t("settings.contrast", { ratio: (contrastRatio(shown, text) ?? 0).toFixed(1) })}</p>}
      </div>
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={pending || tooHeavy}>{t("common.save")}</Button>
        {state.saved && <span role="status" className="text-sm text-green-700">{t("settings.saved")}</span>}
      </div>
    </form>
  );
}
