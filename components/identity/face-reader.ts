import type { Human } from "@vladmandic/human";
import { faceReaderBase } from "@/lib/schemas/face-reader-files";

/**
 * Faces in camera frames, in the browser: how many, and the largest one's head yaw, read as the
 * server reads it (lib/adapters/faces/face-analyzer.ts: @vladmandic/human, detector with
 * rotation, mesh, TensorFlow's WASM backend) but with only the two models a face box and head
 * pose need. Loaded on the liveness steps only (a dynamic import: ~470 KB gzipped of script, and
 * the models and .wasm from this app, never a CDN).
 *
 * WASM rather than WebGL: it reads the same numbers as the server's WASM backend, and where
 * there is no GPU (headless Chromium with --disable-gpu, some phones) WebGL falls back to a
 * software renderer measured at 0.4–6 s a frame against 30–60 ms for WASM.
 */
export type FaceReader = { read(frame: HTMLCanvasElement): Promise<{ faces: number; yaw: number | null }> };

let loading: Promise<FaceReader> | null = null;

export function loadFaceReader(): Promise<FaceReader> {
  loading ??= load();
  // A failed load (no WebAssembly, a network error) may succeed on the next step.
  loading.catch(() => (loading = null));
  return loading;
}

async function load(): Promise<FaceReader> {
  if (typeof WebAssembly !== "object") throw new Error("no WebAssembly");
  const { Human } = await import("@vladmandic/human");
  // The files are served under the library's version, which only an instance tells; Human takes
  // the models' folder at construction (later changes to its config are not used for models).
  const base = faceReaderBase(new Human({ debug: false }).version);
  const human: Human = new Human({
    backend: "wasm",
    modelBasePath: base,
    wasmPath: base,
    debug: false,
    cacheModels: false,
    warmup: "none",
    // Every frame read afresh, as the server reads each capture: Human's video cache would reuse
    // the last face box and track it, and its yaw then drifts by a few hundredths from the
    // frame's own reading (measured 0.17 -> 0.16 on a still selfie, and so across a turn).
    cacheSensitivity: 0,
    face: {
      enabled: true,
      // As the server: up to 5 faces (to tell one from several), rotation-corrected mesh for the yaw.
      detector: { rotation: true, maxDetected: 5, minConfidence: 0.5, return: false },
      mesh: { enabled: true },
      iris: { enabled: false },
      description: { enabled: false },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
      attention: { enabled: false },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
    filter: { enabled: false },
  });
  await human.load();
  // Human logs a model it could not fetch and carries on: without both, there is nothing to read.
  const loaded = human.models.loaded();
  if (human.tf.getBackend() !== "wasm" || !loaded.includes("blazeface") || !loaded.includes("facemesh")) {
    throw new Error(`face reader: backend ${human.tf.getBackend()}, models ${loaded.join(", ") || "none"}`);
  }
  return {
    async read(frame) {
      const result = await human.detect(frame);
      // Human answers a failure as a result with no faces and an error: not the same as no face.
      if (result.error) throw new Error(result.error);
      const found = result.face.filter((f) => f.score >= 0.5);
      const largest = found.sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3])[0];
      return { faces: found.length, yaw: largest?.rotation?.angle.yaw ?? null };
    },
  };
}
