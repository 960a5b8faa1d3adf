"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { apiErrorText, fieldErrorText } from "@/components/api-error-text";
import { ApiError, apiRequest } from "@/components/api-request";
import { useI18n } from "@/components/providers";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FilePicker } from "@/components/signing/file-picker";
import { logoSrc, MAX_LOGO_BYTES, readAsBase64 } from "./folder-logo";
import { TimeZoneSelect } from "./time-zone-select";

export type FolderSettings = { id: string; name: string; rfc: string | null; logo: string; timeZone: string };

/** Name, RFC, logo and time zone of a folder (owner only). */
export function FolderSettingsForm({ folder }: { folder: FolderSettings }) {
  const { t } = useI18n();
  const router = useRouter();
  const [name, setName] = useState(folder.name);
  const [rfc, setRfc] = useState(folder.rfc ?? "");
  const [logo, setLogo] = useState(folder.logo);
  const [zone, setZone] = useState(folder.timeZone);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [pending, setPending] = useState(false);
  const err = (field: string) => errors[field]?.map((m) => fieldErrorText(t, m)).join(" ");

  const chooseLogo = async (file: File | undefined) => {
    setErrors((e) => ({ ...e, logo: [] }));
    if (!file) return;
    if (!/^image\/(png|jpeg)$/.test(file.type)) return setErrors((e) => ({ ...e, logo: [t("folders.logoType")] }));
    if (file.size > MAX_LOGO_BYTES) return setErrors((e) => ({ ...e, logo: [t("errors.logoTooLarge")] }));
    setLogo(await readAsBase64(file));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setPending(true);
    setProblem(null);
    setSaved(false);
    setErrors({});
    try {
      await apiRequest(`/v1/companies/${folder.id}`, { method: "PATCH", body: { name, rfc: rfc.trim() || null, logo, time_zone: zone } });
      setSaved(true);
      router.refresh();
    } catch (caught) {
      setProblem(apiErrorText(t, caught));
      if (caught instanceof ApiError) setErrors(caught.errors);
    } finally {
      setPending(false);
    }
  };
  const src = logoSrc(logo);

  return (
    <form onSubmit={submit} noValidate className="flex max-w-xl flex-col gap-4">
      {problem && <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">{problem}</p>}
      <Field id="folder-name" label={t("folders.name")} value={name} onChange={(e) => setName(e.target.value)} required error={err("name")} />
      <Field id="folder-rfc" label={t("folders.rfcOptional")} value={rfc} onChange={(e) => setRfc(e.target.value)} autoCapitalize="characters" error={err("rfc")} />
      <div className="flex flex-col gap-2">
        {/* The page's language, not the browser's "Choose file / No file chosen". */}
        <FilePicker id="folder-logo" label={t("folders.logo")} hint={t("folders.logoHint")} accept="image/png,image/jpeg" error={err("logo") || undefined} onPick={(file) => void chooseLogo(file)} />
        {src ? (
          // eslint-disable-next-line @next/next/no-img-element -- a data: URL; next/image adds nothing here
          <img src={src} alt={t("folders.logoAlt", { name })} className="h-16 w-auto max-w-full self-start rounded border border-zinc-200 bg-white object-contain p-1" />
        ) : (
          <p className="text-sm text-zinc-500">{t("folders.noLogo")}</p>
        )}
        {logo && (
          <div>
            <Button type="button" variant="secondary" onClick={() => setLogo("")}>{t("folders.removeLogo")}</Button>
          </div>
        )}
      </div>
      <TimeZoneSelect id="folder-zone" value={zone} onChange={setZone} />
      {err("time_zone") && <p role="alert" className="text-sm text-red-700">{err("time_zone")}</p>}
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={pending}>{t("common.save")}</Button>
        {saved && <span role="status" className="text-sm text-green-700">{t("settings.saved")}</span>}
      </div>
    </form>
  );
}
