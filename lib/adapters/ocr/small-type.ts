import path from "node:path";
import type { InferenceSession as Session, Tensor as TensorType } from "onnxruntime-node";
import sharp from "sharp";
import { loadAtRuntime, resolvePackageFile } from "@/lib/adapters/node-packages";
import { BLANK, LATTICE_CHARS, LATTICE_CLASSES, type Lattice } from "./ctc-grammar";
import { boxLines } from "./paddle-ocr";
import { timed } from "./stage-times";

/**
 * A second recogniser for the card's coded lines, trained for small type (tools/small-type: a
 * small convolutional CTC model, 24 px high, trained on synthetic lines in fonts other than the
 * sandbox cards', shrunk to what a phone's small picture keeps, JPEG-compressed and enlarged again
 * as find-card enlarges a card). Its classes are ctc-grammar's lattice classes, so its output is a
 * lattice as it comes: the grammar readings (grammar-readings) decode a box's CURP or clave from
 * both recognisers' lattices. PaddleOCR's recogniser misreads small type differently (its second
 * choice is often the right one, ours too): on the tune part's boxes of a CURP or clave they read
 * about as many right, and together far more than either (README, "A recogniser for small type").
 */
const HEIGHT = 24;
const MAX_WIDTH = 600;
// The model's four 2× poolings along the line's length leave one step per 4 columns.
const STRIDE = 4;

type Engine = { ort: typeof import("onnxruntime-node"); session: Session };
const KEY = Symbol.for("rubrica.small-type");
const store = globalThis as unknown as { [KEY]?: Promise<Engine> };

function engine(): Promise<Engine> {
  store[KEY] ??= timed("small type load", async () => {
    const ort = loadAtRuntime<typeof import("onnxruntime-node")>(resolvePackageFile("onnxruntime-node"));
    const file = path.join(/* turbopackIgnore: true */ process.cwd(), "lib/adapters/ocr/models/small-type.onnx");
    const session = await ort.InferenceSession.create(file, { intraOpNumThreads: 2, interOpNumThreads: 1, graphOptimizationLevel: "all" });
    return { ort, session };
  });
  store[KEY].catch(() => (store[KEY] = undefined));
  return store[KEY];
}

type Box = { x0: number; y0: number; x1: number; y1: number };

/** Each box of `image` read by the small-type recogniser: its lattice (greedyText reads it as printed). */
export function smallTypeLattices(image: Uint8Array, boxes: Box[]): Promise<{ lattice: Lattice }[]> {
  return boxes.length ? timed("small type", () => read(image, boxes)) : Promise.resolve([]);
}

async function read(image: Uint8Array, boxes: Box[]): Promise<{ lattice: Lattice }[]> {
  const { ort, session } = await engine();
  const lines = await boxLines(sharp(image).removeAlpha().greyscale(), boxes, HEIGHT, MAX_WIDTH);
  // One box at a time: a few boxes of a few hundred columns, each read in milliseconds.
  const out: { lattice: Lattice }[] = [];
  for (const { w, pixels } of lines) {
    const input = new Float32Array(HEIGHT * w);
    for (let i = 0; i < input.length; i++) input[i] = pixels[i]! / 127.5 - 1;
    const result = await session.run({ [session.inputNames[0]!]: new ort.Tensor("float32", input, [1, 1, HEIGHT, w]) });
    const t = result[session.outputNames[0]!]! as TensorType;
    const steps = Math.min(t.dims[1]!, Math.floor(w / STRIDE));
    const logp = Float32Array.from((t.data as Float32Array).subarray(0, steps * LATTICE_CLASSES));
    out.push({ lattice: { steps, logp } });
  }
  return out;
}

/** A lattice's likeliest class at each step, repeats merged and blanks dropped ("other" as "?"). */
export function greedyText({ steps, logp }: Lattice): string {
  let text = "";
  let last = BLANK;
  for (let s = 0; s < steps; s++) {
    let best = 0;
    for (let c = 1; c < LATTICE_CLASSES; c++) if (logp[s * LATTICE_CLASSES + c]! > logp[s * LATTICE_CLASSES + best]!) best = c;
    if (best !== last && best !== BLANK) text += LATTICE_CHARS[best] ?? "?";
    last = best;
  }
  return text;
}
