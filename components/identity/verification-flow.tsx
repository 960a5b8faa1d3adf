"use client";

import { useCallback, useEffect, useRef, useState, type CSSProperties } from "react";
import { useI18n } from "@/components/providers";
import type { MessageKey } from "@/lib/i18n/translate";
import type { FormView } from "@/lib/services/identity-sessions/verification-form";
import { checkQuality, MIN_SIDE, type Quality } from "./capture-quality";

type Kind = "ine_front" | "ine_back" | "selfie" | "liveness";
type Step = "consent" | Kind | "verifying" | "done" | "failed" | "expired";

const STEP_TEXT: Record<Kind, { title: MessageKey; hint: MessageKey }> = {
  ine_front: { title: "identityForm.ineFront", hint: "identityForm.ineFrontHint" },
  ine_back: { title: "identityForm.ineBack", hint: "identityForm.ineBackHint" },
  selfie: { title: "identityForm.selfie", hint: "identityForm.selfieHint" },
  liveness: { title: "identityForm.liveness", hint: "identityForm.livenessHint" },
};

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
export function VerificationFlow({ token, initial }: { token: string; initial: FormView }) {
  const { t } = useI18n();
  const kinds: Kind[] = ["ine_front", "ine_back", "selfie", ...(initial.liveness ? (["liveness"] as const) : [])];
  const [step, setStep] = useState<Step>(firstStep(initial));
  const [view, setView] = useState(initial);
  const [closedMessage, setClosedMessage] = useState<string | null>(null);
  const b = initial.branding;
  const style = {
    "--brand": b.primary_color ?? "#0f766e",
    "--brand-text": b.button_text_color ?? "#ffffff",
    backgroundColor: b.background_color,
    color: b.text_color,
  } as CSSProperties;

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
          {kinds.includes(step as Kind) ? (
            <p className="text-sm opacity-80">{t("identityForm.stepOf", { n: kinds.indexOf(step as Kind) + 1, total: kinds.length })}</p>
          ) : null}
        </header>
        {step === "consent" ? <Consent onAccept={() => setStep(kinds.find((k) => !view.captured[k]) ?? kinds[0]!)} /> : null}
        {kinds.map((kind) =>
          step === kind ? (
            <Capture
              key={kind}
              token={token}
              kind={kind}
              cameraOnly={initial.liveness && (kind === "selfie" || kind === "liveness")}
              onDone={() => next(kind)}
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

function BrandButton({ className = "", ...props }: React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      className={`inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-[var(--brand)] px-4 py-3 text-base font-semibold text-[var(--brand-text)] disabled:opacity-50 ${className}`}
      {...props}
    />
  );
}

function SecondaryButton({ className = "", ...props }: React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button className={`inline-flex min-h-12 w-full items-center justify-center rounded-lg border border-current px-4 py-3 text-base font-medium ${className}`} {...props} />;
}

function Consent({ onAccept }: { onAccept: () => void }) {
  const { t } = useI18n();
  const [agreed, setAgreed] = useState(false);
  return (
    <div className="flex flex-col gap-4">
      <p>{t("identityForm.lead")}</p>
      <h2 className="text-lg font-semibold">{t("identityForm.consentTitle")}</h2>
      <p className="text-sm opacity-90">{t("identityForm.consentText")}</p>
      <label className="flex items-start gap-3 text-sm">
        <input type="checkbox" className="mt-1 size-5" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
        <span>{t("identityForm.consentCheck")}</span>
      </label>
      <BrandButton disabled={!agreed} onClick={onAccept}>
        {t("identityForm.start")}
      </BrandButton>
    </div>
  );
}

type Shot = { blob: Blob; url: string; quality: Quality };

function Capture({ token, kind, cameraOnly, onDone, onClosed }: { token: string; kind: Kind; cameraOnly: boolean; onDone: () => void; onClosed: (message: string) => void }) {
  const { t } = useI18n();
  const face = kind === "selfie" || kind === "liveness";
  const minSide = face ? MIN_SIDE.face : MIN_SIDE.card;
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [camera, setCamera] = useState<"off" | "starting" | "on">("off");
  const [shot, setShot] = useState<Shot | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const stopCamera = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    setCamera("off");
  }, []);
  useEffect(() => stopCamera, [stopCamera]);

  async function startCamera() {
    setError(null);
    setCamera("starting");
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: face ? "user" : "environment", width: { ideal: 1920 }, height: { ideal: 1080 } },
        audio: false,
      });
      streamRef.current = stream;
      setCamera("on");
      requestAnimationFrame(() => {
        if (videoRef.current) {
          videoRef.current.srcObject = stream;
          void videoRef.current.play().catch(() => undefined);
        }
      });
    } catch {
      setCamera("off");
      setError(t("identityForm.cameraDenied"));
    }
  }

  function takePhoto() {
    const video = videoRef.current;
    if (!video || !video.videoWidth) return;
    const canvas = document.createElement("canvas");
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext("2d")!.drawImage(video, 0, 0);
    const quality = checkQuality(canvas, canvas.width, canvas.height, minSide);
    canvas.toBlob(
      (blob) => {
        if (!blob) return;
        stopCamera();
        setShot({ blob, url: URL.createObjectURL(blob), quality });
      },
      "image/jpeg",
      0.92,
    );
  }

  async function pickFile(file: File | undefined) {
    if (!file) return;
    setError(null);
    const bitmap = await createImageBitmap(file).catch(() => null);
    if (!bitmap) {
      setError(t("identityForm.genericError"));
      return;
    }
    const quality = checkQuality(bitmap, bitmap.width, bitmap.height, minSide);
    setShot({ blob: file, url: URL.createObjectURL(file), quality });
  }

  async function send() {
    if (!shot) return;
    setSending(true);
    setError(null);
    try {
      const res = await fetch(`/identity/verify/${token}/files/${kind}`, { method: "POST", headers: { "Content-Type": shot.blob.type || "image/jpeg" }, body: shot.blob });
      if (res.ok) {
        onDone();
        return;
      }
      const body = (await res.json().catch(() => null)) as { message?: string } | null;
      // 409: the session no longer takes captures (too many unreadable ones, expired, finished).
      if (res.status === 409) {
        onClosed(body?.message ?? t("identityForm.failedText"));
        return;
      }
      setError(body?.message ?? t("identityForm.genericError"));
      setShot(null);
    } catch {
      setError(t("identityForm.networkError"));
    } finally {
      setSending(false);
    }
  }

  const problem = shot && shot.quality.ok !== true ? shot.quality : null;
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-xl font-semibold">{t(STEP_TEXT[kind].title)}</h2>
      <p className="text-sm opacity-90">{t(STEP_TEXT[kind].hint)}</p>
      {camera !== "off" ? (
        <div className="relative overflow-hidden rounded-xl bg-black">
          <video ref={videoRef} playsInline muted aria-label={t("identityForm.cameraView")} className={`w-full ${face ? "-scale-x-100" : ""}`} />
          {/* The guide: a card frame or a face oval. */}
          <div
            aria-hidden
            className={`pointer-events-none absolute border-4 border-white/80 shadow-[0_0_0_9999px_rgba(0,0,0,0.35)] ${face ? "top-[8%] left-1/2 h-[80%] w-[55%] -translate-x-1/2 rounded-[50%]" : "top-1/2 left-1/2 aspect-[1.586] w-[88%] -translate-x-1/2 -translate-y-1/2 rounded-xl"}`}
          />
        </div>
      ) : null}
      {shot ? (
        // eslint-disable-next-line @next/next/no-img-element -- a local blob URL
        <img src={shot.url} alt={t("identityForm.preview")} className="w-full rounded-xl border border-zinc-300" />
      ) : null}
      {problem ? (
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {t(`identityForm.${problem.problem}`, { px: "px" in problem ? (problem.px ?? 0) : 0 })}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {sending ? (
        <p role="status" className="flex items-center gap-2 text-sm">
          <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden />
          {t("identityForm.uploading")}
        </p>
      ) : null}
      <div className="flex flex-col gap-3">
        {camera === "on" ? (
          <>
            <BrandButton onClick={takePhoto}>{t("identityForm.capture")}</BrandButton>
            <SecondaryButton onClick={stopCamera}>{t("identityForm.cancelCamera")}</SecondaryButton>
          </>
        ) : shot ? (
          <>
            {shot.quality.ok === false ? null : (
              <BrandButton disabled={sending} onClick={send}>
                {shot.quality.ok === true ? t("identityForm.usePhoto") : t("identityForm.sendAnyway")}
              </BrandButton>
            )}
            <SecondaryButton disabled={sending} onClick={() => setShot(null)}>
              {t("identityForm.retake")}
            </SecondaryButton>
          </>
        ) : (
          <>
            <BrandButton disabled={camera === "starting"} onClick={startCamera}>
              {t("identityForm.useCamera")}
            </BrandButton>
            {cameraOnly ? (
              <p className="text-center text-xs opacity-80">{t("identityForm.uploadNotAllowed")}</p>
            ) : (
              <label className="inline-flex min-h-12 w-full cursor-pointer items-center justify-center rounded-lg border border-current px-4 py-3 text-base font-medium">
                {t("identityForm.uploadFile")}
                <input type="file" accept="image/jpeg,image/png,image/webp" className="sr-only" onChange={(e) => void pickFile(e.target.files?.[0])} />
              </label>
            )}
          </>
        )}
      </div>
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
      <div role="progressbar" aria-label={t("identityForm.progress")} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} className="h-3 w-full overflow-hidden rounded-full bg-zinc-200">
        <div className="h-full bg-[var(--brand)] transition-all duration-700" style={{ width: `${progress}%` }} />
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
