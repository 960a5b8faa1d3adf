"use client";

import { useEffect, useRef, useState, type CSSProperties } from "react";
import { useI18n } from "@/components/providers";
import type { MessageKey } from "@/lib/i18n/translate";
import type { FormView } from "@/lib/services/identity-sessions/verification-form";
import { BrandButton } from "./brand-buttons";
import { brandPalette } from "./brand-palette";
import { CaptureStep, type Kind } from "./capture-step";

type Step = "consent" | Kind | "verifying" | "done" | "failed" | "expired";

function firstStep(view: FormView): Step {
  if (view.expired) return "expired";
  if (view.status === "VERIFYING") return "verifying";
  if (view.status === "FINISHED") return "done";
  if (view.status === "FAILED") return "failed";
  return "consent";
}

/**
 * The person's way through a verification: consent, the INE front and back, the selfie and (when
 * asked) the liveness turn, each taken with the camera or uploaded, checked here for light and
 * focus and on the server for what it needs, and retaken as often as needed; then the checks,
 * with progress, and back to the integrator's redirect_url.
 */
export function VerificationFlow({ token, initial, requester }: { token: string; initial: FormView; requester: string }) {
  const { t } = useI18n();
  const kinds: Kind[] = ["ine_front", "ine_back", "selfie", ...(initial.liveness ? (["liveness"] as const) : [])];
  const [step, setStep] = useState<Step>(firstStep(initial));
  const [view, setView] = useState(initial);
  const [closedMessage, setClosedMessage] = useState<string | null>(null);
  const [selfieYaw, setSelfieYaw] = useState(() => storedSelfieYaw(token));
  const b = initial.branding;
  // The integrator's colors as CSS variables, the text kept readable on them (brand-palette.ts).
  const palette = brandPalette(b);
  const style = { ...palette, ...(palette["--brand-page"] ? { backgroundColor: palette["--brand-page"], color: palette["--brand-page-text"] } : {}) } as CSSProperties;

  const next = (after: Kind) => {
    const i = kinds.indexOf(after);
    setStep(i + 1 < kinds.length ? kinds[i + 1]! : "verifying");
  };

  return (
    <div style={style} className="flex flex-1 flex-col">
      <section className="mx-auto flex w-full max-w-lg flex-1 flex-col gap-5 px-4 pb-10">
        <header className="flex flex-col items-center gap-2 pt-2 text-center">
          {/* eslint-disable-next-line @next/next/no-img-element -- the integrator's logo: any URL or data URI */}
          {b.logo ? <img src={b.logo} alt={t("identityForm.logoAlt")} className="max-h-14 max-w-[60%] object-contain" /> : null}
          <h1 className="text-2xl font-semibold">{t("identityForm.title")}</h1>
          {requester ? <p className="font-medium">{t("identityForm.requestedBy", { integrator: requester })}</p> : null}
          {kinds.includes(step as Kind) ? (
            <p className="text-sm opacity-80">{t("identityForm.stepOf", { n: kinds.indexOf(step as Kind) + 1, total: kinds.length })}</p>
          ) : null}
        </header>
        {step === "consent" ? <Consent token={token} onAccept={() => setStep(kinds.find((k) => !view.captured[k]) ?? kinds[0]!)} /> : null}
        {kinds.map((kind) =>
          step === kind ? (
            <CaptureStep
              key={kind}
              token={token}
              kind={kind}
              cameraOnly={initial.liveness && (kind === "selfie" || kind === "liveness")}
              // With liveness, the page takes the selfie and the turn by itself (liveness-rule.ts).
              auto={!initial.liveness ? null : kind === "selfie" ? { step: "selfie" } : kind === "liveness" ? { step: "turn", selfieYaw } : null}
              onDone={(yaw) => {
                if (kind === "selfie") {
                  setSelfieYaw(yaw);
                  storeSelfieYaw(token, yaw);
                }
                next(kind);
              }}
              onClosed={(message) => {
                setClosedMessage(message);
                setStep("failed");
              }}
            />
          ) : null,
        )}
        {step === "verifying" ? (
          <Verifying
            token={token}
            onFinished={(v) => {
              setView(v);
              setStep(v.status === "FINISHED" ? "done" : "failed");
            }}
          />
        ) : null}
        {step === "done" ? <Done redirectUrl={view.redirect_url} /> : null}
        {step === "failed" ? <Message title="identityForm.failedTitle" text="identityForm.failedText" detail={closedMessage} /> : null}
        {step === "expired" ? <Message title="identityForm.expiredTitle" text="identityForm.expiredText" /> : null}
      </section>
    </div>
  );
}

// The turn is measured against the selfie's yaw: kept for the tab, so a reload between the two
// steps (which resumes at the turn) still has it. Only a number, under the page's own token.
const YAW_KEY = "rubrica.selfieYaw";

function storedSelfieYaw(token: string): number | null {
  if (typeof window === "undefined") return null;
  try {
    const saved = JSON.parse(sessionStorage.getItem(YAW_KEY) ?? "null") as { token?: string; yaw?: unknown } | null;
    return saved?.token === token && typeof saved.yaw === "number" ? saved.yaw : null;
  } catch {
    return null;
  }
}

function storeSelfieYaw(token: string, yaw: number | null) {
  try {
    sessionStorage.setItem(YAW_KEY, JSON.stringify({ token, yaw }));
  } catch {
    // Storage refused (private mode): kept in memory only; after a reload the turn step offers its button.
  }
}

function Consent({ token, onAccept }: { token: string; onAccept: () => void }) {
  const { t } = useI18n();
  const [agreed, setAgreed] = useState(false);
  return (
    <div className="flex flex-col gap-4">
      <p>{t("identityForm.lead")}</p>
      <h2 className="text-lg font-semibold">{t("identityForm.consentTitle")}</h2>
      <p className="text-sm opacity-90">{t("identityForm.consentText")}</p>
      <label className="flex items-start gap-3 text-sm">
        <input type="checkbox" className="mt-1 size-5" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
        <span>
          {t("identityForm.consentCheckBefore")}
          {/* A new tab: the notice is read without leaving the page or losing what was taken. */}
          <a href={`/privacidad?verificacion=${token}`} target="_blank" rel="noopener noreferrer" className="font-medium underline">
            {t("identityForm.consentNotice")}
          </a>
          {t("identityForm.consentCheckAfter")}
        </span>
      </label>
      <BrandButton disabled={!agreed} onClick={onAccept}>
        {t("identityForm.start")}
      </BrandButton>
    </div>
  );
}

function Verifying({ token, onFinished }: { token: string; onFinished: (view: FormView) => void }) {
  const { t } = useI18n();
  const [progress, setProgress] = useState(5);
  const [error, setError] = useState<string | null>(null);
  // Submitted once per mount: the parent's callback and the translator may change identity.
  const finished = useRef(onFinished);
  const translate = useRef(t);
  useEffect(() => {
    finished.current = onFinished;
    translate.current = t;
  });
  useEffect(() => {
    let stopped = false;
    const started = Date.now();
    async function run() {
      try {
        const res = await fetch(`/identity/verify/${token}/submit`, { method: "POST" });
        if (!res.ok) {
          const body = (await res.json().catch(() => null)) as { message?: string } | null;
          setError(body?.message ?? translate.current("identityForm.genericError"));
          return;
        }
      } catch {
        setError(translate.current("identityForm.networkError"));
        return;
      }
      while (!stopped) {
        await new Promise((r) => setTimeout(r, 1500));
        // The checks take seconds: the bar moves toward 95% and completes when they end.
        setProgress(Math.min(95, 5 + Math.round((90 * (Date.now() - started)) / 20_000)));
        const view = (await fetch(`/identity/verify/${token}/status`, { cache: "no-store" })
          .then((r) => r.json())
          .catch(() => null)) as FormView | null;
        if (view && (view.status === "FINISHED" || view.status === "FAILED")) {
          setProgress(100);
          finished.current(view);
          return;
        }
      }
    }
    void run();
    return () => {
      stopped = true;
    };
  }, [token]);
  return (
    <div className="flex flex-col gap-4" aria-live="polite">
      <h2 className="text-xl font-semibold">{t("identityForm.verifying")}</h2>
      <p className="text-sm opacity-90">{t("identityForm.verifyingHint")}</p>
      <div role="progressbar" aria-label={t("identityForm.progress")} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} className="h-3 w-full overflow-hidden rounded-full bg-[var(--brand-secondary)]">
        <div className="h-full bg-[var(--brand-primary)] transition-all duration-700" style={{ width: `${progress}%` }} />
      </div>
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Done({ redirectUrl }: { redirectUrl: string | null }) {
  const { t } = useI18n();
  useEffect(() => {
    if (!redirectUrl) return;
    const timer = setTimeout(() => window.location.assign(redirectUrl), 4000);
    return () => clearTimeout(timer);
  }, [redirectUrl]);
  return (
    <div className="flex flex-col gap-4 text-center" role="status">
      <div aria-hidden className="mx-auto flex size-16 items-center justify-center rounded-full bg-[var(--brand)] text-3xl text-[var(--brand-text)]">
        ✓
      </div>
      <h2 className="text-xl font-semibold">{t("identityForm.doneTitle")}</h2>
      <p>{t("identityForm.doneText")}</p>
      {redirectUrl ? (
        <>
          <p className="text-sm opacity-80">{t("identityForm.redirecting")}</p>
          <a href={redirectUrl} className="inline-flex min-h-12 items-center justify-center rounded-lg bg-[var(--brand)] px-4 py-3 font-semibold text-[var(--brand-text)]">
            {t("identityForm.continue")}
          </a>
        </>
      ) : null}
    </div>
  );
}

function Message({ title, text, detail }: { title: MessageKey; text: MessageKey; detail?: string | null }) {
  const { t } = useI18n();
  return (
    <div role="alert" className="flex flex-col gap-3 text-center">
      <h2 className="text-xl font-semibold">{t(title)}</h2>
      <p>{detail ?? t(text)}</p>
    </div>
  );
}
