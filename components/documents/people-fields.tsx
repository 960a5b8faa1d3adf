"use client";

import { fieldErrorText } from "@/components/api-error-text";
import { useI18n } from "@/components/providers";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { emptySigner, emptySpectator, isLocked, type SignerDraft, type SpectatorDraft } from "./people-draft";
import { SignerStatusBadge } from "./status-badge";

type Errors = Record<string, string[]>;

/** Signer rows: name, e-mail, optional phone and RFC. Ones who signed or rejected are read-only. */
export function SignerFields({ signers, onChange, errors, max = 50 }: { signers: SignerDraft[]; onChange: (next: SignerDraft[]) => void; errors: Errors; max?: number }) {
  const { t } = useI18n();
  const err = (i: number, field: string) => errors[`signatures.${i}.${field}`]?.map((m) => fieldErrorText(t, m)).join(" ");
  const update = (key: string, patch: Partial<SignerDraft>) => onChange(signers.map((s) => (s.key === key ? { ...s, ...patch } : s)));
  // The API wants at least one signer.
  const removable = signers.length > 1;
  const listError = errors.signatures?.map((m) => fieldErrorText(t, m)).join(" ");

  return (
    <div className="flex flex-col gap-4">
      {listError && <p role="alert" className="text-sm text-red-700">{listError}</p>}
      {signers.map((s, i) => {
        const locked = isLocked(s);
        const id = `signer-${s.key}`;
        return (
          <fieldset key={s.key} className="rounded-md border border-zinc-200 p-3 sm:p-4" data-testid="signer-fields">
            <legend className="px-1 text-sm font-semibold">{t("people.signerN", { n: i + 1 })}</legend>
            <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
              {s.status ? <SignerStatusBadge status={s.status} t={t} /> : <span />}
              {!locked && removable && (
                <Button type="button" variant="danger" onClick={() => onChange(signers.filter((x) => x.key !== s.key))}>
                  {t("people.removeSigner", { n: i + 1 })}
                </Button>
              )}
            </div>
            {locked && <p className="mb-3 text-sm text-zinc-600">{t("people.lockedSigner")}</p>}
            <div className="grid gap-3 sm:grid-cols-2">
              <Field id={`${id}-name`} label={t("people.name")} value={s.name} disabled={locked} autoComplete="off" onChange={(e) => update(s.key, { name: e.target.value })} error={err(i, "name")} />
              <Field id={`${id}-email`} type="email" label={t("people.email")} value={s.email} disabled={locked} autoComplete="off" onChange={(e) => update(s.key, { email: e.target.value })} error={err(i, "email")} hint={s.id && !locked ? t("people.emailChangeHint") : undefined} />
              <Field id={`${id}-phone`} type="tel" label={t("people.phone")} value={s.phone} disabled={locked} autoComplete="off" onChange={(e) => update(s.key, { phone: e.target.value })} error={err(i, "phone")} hint={t("people.phoneHint")} />
              <Field id={`${id}-rfc`} label={t("people.rfc")} value={s.rfc} disabled={locked} autoComplete="off" autoCapitalize="characters" onChange={(e) => update(s.key, { rfc: e.target.value })} error={err(i, "rfc")} />
            </div>
          </fieldset>
        );
      })}
      {signers.length < max && (
        <div>
          <Button type="button" variant="secondary" onClick={() => onChange([...signers, emptySigner()])}>{t("people.addSigner")}</Button>
        </div>
      )}
    </div>
  );
}

/** Spectators: they get a copy of the notices and never sign. */
export function SpectatorFields({ spectators, onChange, errors }: { spectators: SpectatorDraft[]; onChange: (next: SpectatorDraft[]) => void; errors: Errors }) {
  const { t } = useI18n();
  const err = (i: number, field: string) => errors[`spectators.${i}.${field}`]?.map((m) => fieldErrorText(t, m)).join(" ");
  const update = (key: string, patch: Partial<SpectatorDraft>) => onChange(spectators.map((s) => (s.key === key ? { ...s, ...patch } : s)));
  return (
    <div className="flex flex-col gap-4">
      {spectators.length === 0 && <p className="text-sm text-zinc-500">{t("people.noSpectators")}</p>}
      {spectators.map((s, i) => (
        <fieldset key={s.key} className="rounded-md border border-zinc-200 p-3 sm:p-4" data-testid="spectator-fields">
          <legend className="px-1 text-sm font-semibold">{t("people.spectatorN", { n: i + 1 })}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id={`spectator-${s.key}-name`} label={t("people.name")} value={s.name} autoComplete="off" onChange={(e) => update(s.key, { name: e.target.value })} error={err(i, "name")} />
            <Field id={`spectator-${s.key}-email`} type="email" label={t("people.email")} value={s.email} autoComplete="off" onChange={(e) => update(s.key, { email: e.target.value })} error={err(i, "email")} />
          </div>
          <div className="mt-3">
            <Button type="button" variant="danger" onClick={() => onChange(spectators.filter((x) => x.key !== s.key))}>{t("people.removeSpectator", { n: i + 1 })}</Button>
          </div>
        </fieldset>
      ))}
      <div>
        <Button type="button" variant="secondary" onClick={() => onChange([...spectators, emptySpectator()])}>{t("people.addSpectator")}</Button>
      </div>
    </div>
  );
}
