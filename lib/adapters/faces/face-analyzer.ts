import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { untrustedImage } from "@/lib/adapters/image-input";
import { loadAtRuntime, resolvePackageFile } from "@/lib/adapters/node-packages";

/**
 * Faces in photos: found, described (a 1024-number embedding), and scored for passive liveness
 * and antispoofing, with @vladmandic/human on TensorFlow's WASM backend. Its models ship in the
 * npm package and are read from disk: nothing is fetched from a CDN (stack.md, "Identity").
 */
export type FaceReading = {
  /** Faces found with a detection score of at least 0.5. */
  faces: number;
  /** The largest face, or null when there is none. */
  face: null | {
    box: [number, number, number, number];
    detection: number;
    embedding: number[];
    /** Passive liveness (0–1): a live capture rather than a photo of a photo or a screen. */
    live: number;
    /** Antispoof (0–1): a real face rather than a print or a mask. */
    real: number;
    /** Head rotation in radians (yaw: turned left or right; pitch: up or down). */
    yaw: number;
    pitch: number;
  };
};

export interface FaceAnalyzer {
  read(image: Uint8Array): Promise<FaceReading>;
  /** Similarity of two embeddings, 0 (different people) to 1 (the same image). */
  similarity(a: number[], b: number[]): Promise<number>;
}

/**
 * Thresholds, measured on the sandbox corpus with `npm run bench:identity` (numbers in the README):
 * the same person scored 0.81–1.00 (the card's photo area against the selfie), another person at
 * most 0.43, on the sandbox faces.
 */
export const FACE_MATCH_THRESHOLD = 0.65;
export const LIVE_THRESHOLD = 0.5;

type HumanInstance = {
  load(): Promise<void>;
  detect(input: unknown): Promise<{ face: { box: [number, number, number, number]; boxScore: number; score: number; embedding?: number[]; live?: number; real?: number; rotation?: { angle: { yaw: number; pitch: number } } | null }[] }>;
  match: { similarity(a: number[], b: number[]): number };
  tf: {
    tensor3d(values: Uint8Array, shape: [number, number, number], dtype: "int32"): { dispose(): void };
    io: { registerLoadRouter(router: (url: unknown) => unknown): void; http(url: string, options: { fetchFunc: (url: string) => Promise<Response> }): unknown };
  };
};

const KEY = Symbol.for("rubrica.face-analyzer");
const store = globalThis as unknown as { [KEY]?: Promise<HumanInstance> };

function human(): Promise<HumanInstance> {
  store[KEY] ??= (async () => {
    // The package's exports map has subpaths without "./", so Node cannot resolve
    // "@vladmandic/human/dist/human.node-wasm": the file is loaded by its path instead.
    const dist = path.dirname(resolvePackageFile("@vladmandic/human"));
    const { Human } = loadAtRuntime<{ Human: new (config: object) => HumanInstance }>(path.join(dist, "human.node-wasm.js"));
    const wasmPath = path.join(path.dirname(resolvePackageFile("@tensorflow/tfjs-backend-wasm/package.json")), "dist") + path.sep;
    const h = new Human({
      backend: "wasm",
      wasmPath,
      modelBasePath: pathToFileURL(path.join(dist, "..", "models")).href + "/",
      debug: false,
      cacheModels: false,
      face: {
        enabled: true,
        detector: { rotation: true, maxDetected: 5, minConfidence: 0.5, return: false },
        mesh: { enabled: true },
        iris: { enabled: false },
        description: { enabled: true },
        emotion: { enabled: false },
        antispoof: { enabled: true },
        liveness: { enabled: true },
      },
      body: { enabled: false },
      hand: { enabled: false },
      object: { enabled: false },
      gesture: { enabled: false },
      segmentation: { enabled: false },
      filter: { enabled: false },
    });
    // Node's fetch has no file:// scheme; tfjs lets a router serve the model files from disk.
    const fileFetch = async (url: string) => new Response(await readFile(fileURLToPath(url)));
    h.tf.io.registerLoadRouter((url) => (typeof url === "string" && url.startsWith("file://") ? h.tf.io.http(url, { fetchFunc: fileFetch }) : null));
    await h.load();
    return h;
  })();
  store[KEY].catch(() => (store[KEY] = undefined));
  return store[KEY];
}

// Larger images only cost time: the detector works at 256 px and the description at 224 px.
const MAX_SIDE = 1280;

// One image at a time: tfjs-wasm runs on the event loop's thread anyway, and serial calls keep
// tensor memory flat under load.
let queue: Promise<unknown> = Promise.resolve();

export const humanFaceAnalyzer: FaceAnalyzer = {
  read(image) {
    const run = queue.then(() => readFaces(image));
    queue = run.catch(() => undefined);
    return run;
  },
  // Human's own similarity (a normalised Euclidean distance), the same in Node and the browser.
  async similarity(a, b) {
    return round((await human()).match.similarity(a, b));
  },
};

async function readFaces(image: Uint8Array): Promise<FaceReading> {
  const h = await human();
  const { data, info } = await untrustedImage(image)
    .rotate()
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const tensor = h.tf.tensor3d(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), [info.height, info.width, 3], "int32");
  try {
    const result = await h.detect(tensor);
    const found = result.face.filter((f) => f.score >= 0.5);
    const largest = found.sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3])[0];
    if (!largest?.embedding?.length) return { faces: found.length, face: null };
    return {
      faces: found.length,
      face: {
        box: largest.box,
        detection: round(largest.score),
        embedding: Array.from(largest.embedding),
        live: round(largest.live ?? 0),
        real: round(largest.real ?? 0),
        yaw: round(largest.rotation?.angle.yaw ?? 0),
        pitch: round(largest.rotation?.angle.pitch ?? 0),
      },
    };
  } finally {
    tensor.dispose();
  }
}

const round = (n: number) => Math.round(n * 1000) / 1000;
