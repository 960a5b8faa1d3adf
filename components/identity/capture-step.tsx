"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useI18n } from "@/components/providers";
import type { MessageKey } from "@/lib/i18n/translate";
import { AutoCaptureStatus } from "./auto-capture-status";
import { BrandButton, SecondaryButton } from "./brand-buttons";
import { checkQuality, MIN_SIDE, type Quality } from "./capture-quality";
import { captureRefusalText } from "./capture-refusal";
import { grab, useAutoCapture, type AutoMode } from "./use-auto-capture";

export type Kind = "ine_front" | "ine_back" | "selfie" | "liveness";

const STEP_TEXT: Record<Kind, { title: MessageKey; hint: MessageKey; autoHint?: MessageKey }> = {
  ine_front: { title: "identityForm.ineFront", hint: "identityForm.ineFrontHint" },
  ine_back: { title: "identityForm.ineBack", hint: "identityForm.ineBackHint" },
  selfie: { title: "identityForm.selfie", hint: "identityForm.selfieHint", autoHint: "identityForm.selfieAutoHint" },
  liveness: { title: "identityForm.liveness", hint: "identityForm.livenessHint", autoHint: "identityForm.livenessAutoHint" },
};

/** A capture, and the head's yaw this page read on it (null when it did not read one). */
type Shot = { blob: Blob; url: string; quality: Quality; yaw: number | null };

/**
 * One capture step: the camera (or a file, where allowed), the quick quality look, the preview
 * and the upload. On the liveness steps (`auto`) the page watches the camera and takes the photo
 * by itself at the right moment; the button comes back when it cannot.
 */
export function CaptureStep({
  token,
  kind,
  cameraOnly,
  auto: autoMode,
  onDone,
  onClosed,
}: {
  token: string;
  kind: Kind;
  cameraOnly: boolean;
  auto: AutoMode | null;
  onDone: (yaw: number | null) => void;
  onClosed: (message: string) => void;
}) {
  const { t } = useI18n();
  const face = kind === "selfie" || kind === "liveness";
  const minSide = face ? MIN_SIDE.face : MIN_SIDE[kind as "ine_front" | "ine_back"];
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

  /** Keeps a frame as the capture: the same quality look and JPEG whether the page or the person took it. */
  const keep = useCallback(
    (frame: HTMLCanvasElement, yaw: number | null) => {
      const quality = checkQuality(frame, frame.width, frame.height, minSide);
      frame.toBlob(
        (blob) => {
          if (!blob) return;
          stopCamera();
          setShot({ blob, url: URL.createObjectURL(blob), quality, yaw });
        },
        "image/jpeg",
        0.92,
      );
    },
    [minSide, stopCamera],
  );
  const { auto, yawOf } = useAutoCapture({ mode: autoMode, videoRef, watching: camera === "on" && !shot, onFrame: keep });
  const byItself = auto !== null && auto.state !== "manual";

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

  async function takePhoto() {
    const video = videoRef.current;
    if (!video || !video.videoWidth) return;
    const frame = grab(video);
    // On the selfie the turn step needs its yaw: read it when the model is there.
    keep(frame, auto ? await yawOf(frame) : null);
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
    setShot({ blob: file, url: URL.createObjectURL(file), quality, yaw: null });
  }

  async function send() {
    if (!shot) return;
    setSending(true);
    setError(null);
    try {
      const res = await fetch(`/identity/verify/${token}/files/${kind}`, { method: "POST", headers: { "Content-Type": shot.blob.type || "image/jpeg" }, body: shot.blob });
      if (res.ok) {
        onDone(shot.yaw);
        return;
      }
      const body = (await res.json().catch(() => null)) as { message?: string; errors?: Record<string, string[]> } | null;
      // 409: the session no longer takes captures (too many unreadable ones, expired, finished).
      if (res.status === 409) {
        onClosed(body?.message ?? t("identityForm.failedText"));
        return;
      }
      setError(captureRefusalText(t, body));
      setShot(null);
    } catch {
      setError(t("identityForm.networkError"));
    } finally {
      setSending(false);
    }
  }

  const text = STEP_TEXT[kind];
  const problem = shot && shot.quality.ok !== true ? shot.quality : null;
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-xl font-semibold">{t(text.title)}</h2>
      <p className="text-sm opacity-90">{t(byItself && text.autoHint ? text.autoHint : text.hint)}</p>
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
      {auto && !shot ? <AutoCaptureStatus auto={auto} turn={kind === "liveness"} cameraOn={camera === "on"} /> : null}
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
            {byItself ? null : <BrandButton onClick={() => void takePhoto()}>{t("identityForm.capture")}</BrandButton>}
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
