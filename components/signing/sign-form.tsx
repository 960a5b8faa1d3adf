"use client";

import { useRef, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { apiRequest } from "@/components/api-request";
import { useI18n } from "@/components/providers";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { formatDay } from "@/lib/i18n/date-format";
import type { MessageKey } from "@/lib/i18n/translate";
import { AutographPad } from "./autograph-pad";
import { FilePicker } from "./file-picker";
import { IdentityStep } from "./identity-step";
import type { SigningLinkData } from "./signing-link-view";
import { signErrorsOf, type SignErrors } from "./signing-errors";

type Step = "preparing" | "decrypting" | "certifying" | "signing" | "sending";
const STEP_TEXT: Record<Step, MessageKey> = {
  preparing: "signing.stepPreparing",
  decrypting: "signing.stepDecrypting",
  certifying: "signing.stepCertifying",
  signing: "signing.stepSigning",
  sending: "signing.stepSending",
};

function without(errors: SignErrors, field: keyof SignErrors): SignErrors {
  const next = { ...errors };
  delete next[field];
  return next;
}

// Loaded at the signing step only: the first file chosen starts the download, signing awaits it.
const loadSigner = () => import("./sign-with-certificate");
const loadIdentitySigner = () => import("./sign-with-identity");

/**
 * e.firma / FIREL / TEPJF: the .cer and .key are opened here; only the certificate and the CMS
 * are sent. RUBRICA: the identity verification first (IdentityStep), then a key made here and
 * certified by the platform. A signer who already started a verification lands on RUBRICA.
 */
export function SignForm({ view, onDone, onConflict, onError }: { view: SigningLinkData; onDone: (next: SigningLinkData) => void; onConflict: () => void; onError?: (status: number | null) => void }) {
  const { t, locale } = useI18n();
  const [type, setType] = useState(view.identity_verification && view.identity_verification.state !== "NOT_STARTED" ? "RUBRICA" : (view.allowed_types[0] ?? "EFIRMA"));
  const rubrica = type === "RUBRICA";
  const verified = view.identity_verification?.state === "VERIFIED";
  const files = useRef<{ certificate?: File; key?: File }>({});
  const [password, setPassword] = useState("");
  const [autograph, setAutograph] = useState<string | null>(null);
  const [step, setStep] = useState<Step | null>(null);
  const [errors, setErrors] = useState<SignErrors>({});
  const busy = step !== null;

  const pick = (field: "certificate" | "key", file: File | undefined) => {
    files.current[field] = file;
    setErrors((current) => without(current, field));
    void loadSigner();
  };

  /** Shows a step and waits for it to be painted: the next one blocks the main thread. */
  const showStep = (next: Step) => {
    flushSync(() => setStep(next));
    // A frame, or 100 ms where no frame comes (a tab in the background).
    return new Promise<void>((resolve) => {
      requestAnimationFrame(() => setTimeout(resolve, 0));
      setTimeout(resolve, 100);
    });
  };

  async function signWithIdentity(): Promise<{ certificate: string; signature: string } | null> {
    const { signWithVerifiedIdentity, InsecureContextError } = await loadIdentitySigner();
    try {
      return await signWithVerifiedIdentity({ signatureId: view.id, originalHash: view.document.original_hash, onStep: showStep });
    } catch (err) {
      if (!(err instanceof InsecureContextError)) throw err;
      setErrors({ form: t("signing.errors.insecure") });
      return null;
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (rubrica) {
      if (!verified) return;
      setErrors({});
      setStep("preparing");
      try {
        const signed = await signWithIdentity();
        if (signed) await send(signed);
      } catch (err) {
        fail(err);
      } finally {
        setStep(null);
      }
      return;
    }
    const { certificate, key } = files.current;
    const missing: SignErrors = {};
    if (!certificate) missing.certificate = t("signing.errors.chooseCertificate");
    if (!key) missing.key = t("signing.errors.chooseKey");
    if (!password) missing.password = t("signing.errors.enterPassword");
    setErrors(missing);
    if (!certificate || !key || !password) return;

    setStep("preparing");
    try {
      const { signWithCertificate, CertificateProblem } = await loadSigner();
      let signed: { certificate: string; signature: string };
      try {
        signed = await signWithCertificate({
          certificate: new Uint8Array(await certificate.arrayBuffer()),
          key: new Uint8Array(await key.arrayBuffer()),
          password,
          originalHash: view.document.original_hash,
          onStep: showStep,
        });
      } catch (err) {
        if (!(err instanceof CertificateProblem)) throw err;
        const date = err.date ? formatDay(err.date, locale, "America/Mexico_City") : "";
        setErrors({ [err.field]: t(`signing.errors.${err.code}` as MessageKey, { date }) });
        return;
      }
      await send(signed);
    } catch (err) {
      fail(err);
    } finally {
      setStep(null);
    }
  }

  async function send(signed: { certificate: string; signature: string }) {
    await showStep("sending");
    const answer = await apiRequest<{ data: SigningLinkData }>(`/v1/signatures/${view.id}/sign`, {
      method: "POST",
      body: { type, ...signed, autograph: autograph ?? undefined },
    });
    onDone(answer.data);
  }

  function fail(err: unknown) {
    const errors = signErrorsOf(t, err);
    // RUBRICA has no certificate or key fields to put a message next to: all of it goes on top.
    setErrors(rubrica ? { form: Object.values(errors).join(" ") } : errors);
    onError?.((err as { status?: number }).status ?? null);
    if ((err as { status?: number }).status === 409) onConflict();
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="sign-title" className="flex flex-col gap-4">
      <h2 id="sign-title" tabIndex={-1} className="text-lg font-semibold">{t("signing.signTitle")}</h2>
      <p className="text-sm text-zinc-600">{t(rubrica ? "signing.identity.signLead" : "signing.signLead")}</p>
      <fieldset className="flex flex-col gap-2" aria-describedby={errors.type ? "type-error" : undefined}>
        <legend className="mb-1 text-sm font-medium text-zinc-800">{t("signing.type")}</legend>
        {view.allowed_types.map((value) => (
          <label key={value} className="flex min-h-10 items-center gap-2 rounded-md border border-zinc-200 px-3 has-checked:border-brand-600 has-checked:bg-brand-50">
            <input type="radio" name="type" value={value} checked={type === value} onChange={() => setType(value)} disabled={busy} />
            <span className="text-sm">{t(`options.type${value}` as MessageKey)}</span>
          </label>
        ))}
        {errors.type && <p id="type-error" role="alert" className="text-sm text-red-700">{errors.type}</p>}
      </fieldset>
      {rubrica ? (
        <IdentityStep view={view} onView={onDone} disabled={busy} />
      ) : (
        <>
          <FilePicker id="sign-certificate" label={t("signing.certificate")} accept=".cer,.crt,.pem" error={errors.certificate} disabled={busy} onPick={(file) => pick("certificate", file)} />
          <FilePicker id="sign-key" label={t("signing.key")} accept=".key" error={errors.key} disabled={busy} onPick={(file) => pick("key", file)} />
          <Field
            id="sign-password"
            label={t("signing.password")}
            type="password"
            autoComplete="off"
            value={password}
            hint={t("signing.passwordHint")}
            error={errors.password}
            disabled={busy}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setErrors((current) => without(current, "password"));
            }}
          />
        </>
      )}
      {(!rubrica || verified) && (
        <>
          <AutographPad onChange={setAutograph} error={errors.autograph} disabled={busy} />
          <p className="text-sm text-zinc-700">{t("signing.consent", { name: view.document.file_name })}</p>
        </>
      )}
      <p role="status" aria-live="polite" className="min-h-5 text-sm font-medium text-brand-700" data-testid="sign-progress">
        {step ? t(STEP_TEXT[step]) : ""}
      </p>
      {errors.form && <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">{errors.form}</p>}
      {(!rubrica || verified) && <Button type="submit" disabled={busy} className="w-full sm:w-auto sm:self-start">{t("signing.submit")}</Button>}
    </form>
  );
}
