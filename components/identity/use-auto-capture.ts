"use client";

import { useEffect, useRef, useState, type RefObject } from "react";
import { loadFaceReader, type FaceReader } from "./face-reader";
import { givenUp, judgeSelfie, judgeTurn, recentSamples, type FaceSample, type Verdict } from "./liveness-rule";

/** The selfie, or the turn against the selfie's yaw (null when this page did not read it). */
export type AutoMode = { step: "selfie" } | { step: "turn"; selfieYaw: number | null };

export type AutoState =
  | { state: "loading" }
  | { state: "ready" }
  | { state: "watching"; verdict: Verdict | null }
  | { state: "manual"; reason: "unavailable" | "timeout" | "noSelfie" };

/** A few looks a second: enough to catch a steady face or a turn, light on a phone's battery. */
const EVERY_MS = 250;
/** The frame is read at this long side at most: the detector works at 256 px, the mesh at 192. */
const READ_SIDE = 640;
/** A model that has not loaded by then (a slow network) is given up for the capture button. */
const LOAD_GIVE_UP_MS = 30_000;

/**
 * Watches the camera on the liveness steps and hands over the frame to capture once the page's
 * rule (liveness-rule.ts) says it is the one: the same frame that was judged, at full size, so
 * what the server reads again is what was seen here. Falls back to the capture button when the
 * model cannot load, or nothing was captured after a while; never blocks.
 */
export function useAutoCapture({
  mode,
  videoRef,
  watching,
  onFrame,
}: {
  mode: AutoMode | null;
  videoRef: RefObject<HTMLVideoElement | null>;
  /** The camera is on and no capture is waiting to be sent. */
  watching: boolean;
  onFrame: (frame: HTMLCanvasElement, yaw: number) => void;
}) {
  const [reader, setReader] = useState<FaceReader | null>(null);
  const [load, setLoad] = useState<"loading" | "ready" | "unavailable">("loading");
  const [watch, setWatch] = useState<{ verdict: Verdict | null; timedOut: boolean }>({ verdict: null, timedOut: false });
  const handOver = useRef(onFrame);
  useEffect(() => {
    handOver.current = onFrame;
  });
  const step = mode?.step;
  const selfieYaw = mode?.step === "turn" ? mode.selfieYaw : null;
  // A turn cannot be measured without the selfie's yaw (taken on another device, storage refused).
  const noSelfie = step === "turn" && selfieYaw === null;
  const enabled = mode !== null && !noSelfie;

  useEffect(() => {
    if (!enabled) return;
    let current = true;
    let late = false;
    const started = performance.now();
    const giveUp = setTimeout(() => {
      late = true;
      if (current) setLoad("unavailable");
    }, LOAD_GIVE_UP_MS);
    loadFaceReader()
      .then((loaded) => {
        if (!current || late) return;
        setReader(loaded);
        setLoad("ready");
        // How long the person waited for it, in the browser's performance timeline (the e2e
        // reports it); a browser without measure options must not lose the reader over it.
        try {
          performance.measure("face-reader-load", { start: started });
        } catch {}
      })
      .catch(() => current && !late && setLoad("unavailable"))
      .finally(() => clearTimeout(giveUp));
    return () => {
      current = false;
      clearTimeout(giveUp);
    };
  }, [enabled]);

  useEffect(() => {
    if (!enabled || !reader || !watching) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let samples: FaceSample[] = [];
    const since = Date.now();

    async function look() {
      const started = Date.now();
      const video = videoRef.current;
      if (video?.videoWidth) {
        const frame = grab(video);
        const reading = await reader!.read(scaled(frame)).catch((err: unknown) => {
          console.warn("face reader:", err);
          return null;
        });
        if (stopped) return;
        if (reading) {
          samples = recentSamples([...samples, { at: started, ...reading }], started);
          const verdict = step === "selfie" ? judgeSelfie(samples) : judgeTurn(selfieYaw!, samples);
          setWatch({ verdict, timedOut: false });
          if (verdict.ready) {
            handOver.current(frame, reading.yaw!);
            return;
          }
        }
      }
      if (givenUp(since, Date.now())) {
        setWatch((w) => ({ ...w, timedOut: true }));
        return;
      }
      timer = setTimeout(look, Math.max(0, EVERY_MS - (Date.now() - started)));
    }
    void look();
    return () => {
      stopped = true;
      clearTimeout(timer);
      // The camera closed or a capture was taken: a new look starts afresh, button hidden again.
      setWatch({ verdict: null, timedOut: false });
    };
  }, [enabled, reader, watching, step, selfieYaw, videoRef]);

  let auto: AutoState | null = null;
  if (noSelfie) auto = { state: "manual", reason: "noSelfie" };
  else if (!enabled) auto = null;
  else if (load !== "ready") auto = load === "loading" ? { state: "loading" } : { state: "manual", reason: "unavailable" };
  else if (watch.timedOut) auto = { state: "manual", reason: "timeout" };
  else auto = watching ? { state: "watching", verdict: watch.verdict } : { state: "ready" };

  /** The yaw of a frame taken with the button, when the model is there and finds one face. */
  async function yawOf(frame: HTMLCanvasElement): Promise<number | null> {
    const reading = reader ? await reader.read(scaled(frame)).catch(() => null) : null;
    return reading?.faces === 1 ? reading.yaw : null;
  }

  return { auto, yawOf };
}

/** The video's current frame at full size, unmirrored: the capture as the button takes it. */
export function grab(video: HTMLVideoElement): HTMLCanvasElement {
  const canvas = document.createElement("canvas");
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext("2d")!.drawImage(video, 0, 0);
  return canvas;
}

function scaled(frame: HTMLCanvasElement): HTMLCanvasElement {
  const scale = Math.min(1, READ_SIDE / Math.max(frame.width, frame.height));
  if (scale === 1) return frame;
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(frame.width * scale);
  canvas.height = Math.round(frame.height * scale);
  canvas.getContext("2d")!.drawImage(frame, 0, 0, canvas.width, canvas.height);
  return canvas;
}
