import path from "node:path";
import sharp, { type OutputInfo } from "sharp";
import { untrustedImage } from "@/lib/adapters/image-input";
import { resolvePackageFile } from "@/lib/adapters/node-packages";
import { findCard } from "@/lib/adapters/vision/find-card";
import { createWorker, OEM, PSM, type Worker } from "tesseract.js";
import type { IneFront, OcrWord } from "@/lib/mx/ine-front";
import { timed } from "./stage-times";

/**
 * Reads the text of an INE front. The card is found first (the background around it trimmed
 * away), turned upright (EXIF), brought to 300 dpi and greyed; then Tesseract's LSTM engine with
 * the Spanish data (@tesseract.js-data/spa, read
 * from disk) reads its words with their boxes, keeping Ñ and accents; lib/mx/ine-front finds
 * the fields by where they are printed. readIneFront (read-ine-front.ts) turns the card upright
 * and makes the passes.
 */
export interface IneFrontReader {
  read(image: Uint8Array, options?: FrontPass & { turn?: Turn; area?: CardArea }): Promise<OcrWord[]>;
  /** The passes readIneFront makes with this reader, in order (FRONT_PASSES by default). */
  passes?: FrontPass[];
  /**
   * The fields read by where each model prints them rather than by their labels (small cards,
   * whose labels are unread): readIneFront fills what the passes left empty from it.
   */
  byPosition?(image: Uint8Array, turn: Turn): Promise<Partial<IneFront>>;
  /**
   * What readIneFront with this reader reads, as a name: a read kept (a session's front read at
   * capture) is used again only by a reader of the same version, so it must change with any change
   * that can change a read (the reader, readIneFront, lib/mx's parsing, the grammars, the lexicon,
   * a model). A reader without one is always read anew.
   */
  version?: string;
}

/**
 * A part of the upright card, in fractions of its width and height, read alone as one block of
 * text: where a layout prints a field over guilloche that the whole-card read passes over (the
 * 2019 front's SEXO, top right).
 */
export type CardArea = { left: number; top: number; width: number; height: number };

export type Turn = 0 | 90 | 180 | 270;

/**
 * `width`: the card's width to read at (1012 px, 300 dpi, by default); `threshold`: made black
 * and white at this grey level, which drops the light guilloche and seal real cards print behind
 * the text (the sandbox card has none, and reads best without); `engine`: a pass made by
 * PaddleOCR instead (lib/adapters/ocr/paddle-front-reader: combinedIneFrontReader);
 * `wideCardsOnly`: not made for a card narrower than front-picture's MIN_CARD_WIDTH (readIneFront).
 */
export type FrontPass = { width?: number; threshold?: number; engine?: "paddle"; wideCardsOnly?: true };

/**
 * The passes readIneFront makes, in order, until one reads everything. Measured on the specimen
 * fronts (bench/identity.ts): thresholded at 1600 px, the 2014 render read 16 of 17 fields where
 * plain grey read 8; the other sizes are the ones that used to be retried for a CURP misread.
 * A card 240–320 px wide in the picture, enlarged five times and more to 1600 px, gains nothing
 * from that pass: on the tune part (cards 240–320 px of seeds 11, 23, 37, 101, 202; 65 pictures,
 * both engines, 2026-11-29) the same 37 were taken and read the same, the refused ones 3 fields
 * more of 854 without it, and it is the slowest of the passes (Tesseract on 2.5 times the pixels
 * of 1012 px). Without the 1200 px one instead, 2 fewer; without both, 1 fewer.
 */
export const FRONT_PASSES: FrontPass[] = [{ width: 1012 }, { width: 1600, threshold: 140, wideCardsOnly: true }, { width: 1400 }, { width: 1200, threshold: 150 }];

const KEY = Symbol.for("rubrica.ine-front-worker");
// Two workers for whole cards, one per core: two sessions' cards are read side by side.
const KEY_2 = Symbol.for("rubrica.ine-front-worker-2");
// A worker for areas: the page mode is a worker's setting, and one worker switched between
// modes could read a whole card in the wrong one when two sessions interleave.
const AREA_KEY = Symbol.for("rubrica.ine-front-area-worker");
type WorkerKey = typeof KEY | typeof KEY_2 | typeof AREA_KEY;
const store = globalThis as unknown as { [K in WorkerKey]?: Promise<Worker> };

// Reads in flight on each whole-card worker: a read goes to the less busy one.
const busy = new Map<WorkerKey, number>([[KEY, 0], [KEY_2, 0]]);

/** `read` on the whole-card worker with fewer reads in flight. */
async function onCardWorker<T>(read: (w: Worker) => Promise<T>): Promise<T> {
  const key = busy.get(KEY)! <= busy.get(KEY_2)! ? KEY : KEY_2;
  busy.set(key, busy.get(key)! + 1);
  try {
    return await read(await worker(key));
  } finally {
    busy.set(key, busy.get(key)! - 1);
  }
}

function worker(key: WorkerKey = KEY): Promise<Worker> {
  store[key] ??= timed("tesseract start", async () => {
    const langPath = path.join(path.dirname(resolvePackageFile("@tesseract.js-data/spa/package.json")), "4.0.0_best_int");
    const w = await createWorker("spa", OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: "none" });
    // A whole card has blocks in columns (automatic layout); an area is one block.
    await w.setParameters({ tessedit_pageseg_mode: key === AREA_KEY ? PSM.SINGLE_BLOCK : PSM.AUTO });
    return w;
  });
  store[key].catch(() => (store[key] = undefined));
  return store[key];
}

/**
 * The card alone, upright, grey and normalised, at 1012 px wide: a CR80 card at 300 dpi, where
 * the card's type is the size Tesseract's LSTM reads best (measured on the sandbox cards: larger
 * or sharpened, it misread 8 as 5 in a CURP that it reads right at this size).
 */
export function cardRegion(image: Uint8Array, options: FrontPass & { turn?: Turn } = {}): Promise<Buffer> {
  const key = JSON.stringify([options.width ?? CARD_WIDTH, options.threshold ?? null, options.turn ?? 0]);
  return once(regions, image, key, () => timed("card region", () => region(image, options)));
}

// Per picture, what its reads share: readIneFront's passes asked for the same card again and
// again (each decoded the picture, turned it and trimmed it anew; the hybrid pass and the SEXO
// area re-made the first pass's 1012 px region). Weak: gone with the picture.
const regions = new WeakMap<Uint8Array, Map<string, Promise<Buffer>>>();
const trimmed = new WeakMap<Uint8Array, Map<string, Promise<{ data: Buffer; info: OutputInfo }>>>();

/** `make()` once per picture and key; a failure is not kept (the next read tries again). */
export function once<T>(cache: WeakMap<Uint8Array, Map<string, Promise<T>>>, image: Uint8Array, key: string, make: () => Promise<T>): Promise<T> {
  const byKey = cache.get(image) ?? new Map<string, Promise<T>>();
  cache.set(image, byKey);
  let made = byKey.get(key);
  if (!made) {
    made = make();
    byKey.set(key, made);
    made.catch(() => byKey.delete(key));
  }
  return made;
}

// PNG between stages only carries pixels to the next one: compressed lightly (level 1 instead of
// sharp's 6), the same pixels are written several times faster.
const LIGHT_PNG = { compressionLevel: 1 } as const;

async function region(image: Uint8Array, options: FrontPass & { turn?: Turn }): Promise<Buffer> {
  const card = await trimmedCard(image);
  // A card turned a quarter is read at its own width, not the photo's.
  const turned = options.turn ? await sharp(card.data).rotate(options.turn).png(LIGHT_PNG).toBuffer() : card.data;
  const grey = sharp(turned).flatten({ background: "#ffffff" }).resize({ width: options.width ?? CARD_WIDTH }).greyscale().normalise();
  // sharp's grey keeps three equal channels: one of them is the same picture, a third of the
  // bytes to write here and for Tesseract and Paddle to decode.
  return (options.threshold ? grey.threshold(options.threshold) : grey).extractChannel(0).png(LIGHT_PNG).toBuffer();
}

/** The card alone: upright (EXIF) and trimmed of the background around it, kept lossless. */
function trimmedCard(image: Uint8Array) {
  return once(trimmed, image, "", async () => {
    const upright = await untrustedImage(image).rotate().png(LIGHT_PNG).toBuffer({ resolveWithObject: true });
    return sharp(upright.data)
      .trim({ threshold: 30 })
      .png(LIGHT_PNG)
      .toBuffer({ resolveWithObject: true })
      .catch(() => upright);
  });
}

const CARD_WIDTH = 1012;

/**
 * Where the holder's photo is on an INE front (models E–H: the left third, below the header),
 * in colour, for the face models: on the whole card the face is small and one in ten was not
 * found (bench/identity.ts).
 */
export async function cardPhotoRegion(image: Uint8Array): Promise<Buffer> {
  // A card photographed at an angle or on a table: its photo is where the layout puts it only
  // once the card is found and straightened (lib/adapters/vision/find-card).
  const found = await findCard(image).catch(() => null);
  const card = found?.by === "outline" ? await sharp(found.card).toBuffer({ resolveWithObject: true }) : await trimmedCard(image);
  const { width, height } = card.info;
  return sharp(card.data)
    .extract({ left: 0, top: Math.round(height * 0.15), width: Math.round(width * 0.34), height: Math.round(height * 0.75) })
    .jpeg({ quality: 95 })
    .toBuffer();
}

export const tesseractIneFrontReader: IneFrontReader = {
  async read(image, options = {}) {
    const card = await cardRegion(image, options);
    const input = options.area ? await areaOf(card, options.area) : card;
    const recognize = (w: Worker) => w.recognize(input, {}, { blocks: true, text: false });
    const { data } = await (options.area ? timed("tesseract area", async () => recognize(await worker(AREA_KEY))) : timed("tesseract card", () => onCardWorker(recognize)));
    return (data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words.map((word) => ({ text: word.text, ...word.bbox })))));
  },
};

/**
 * Lines of text in one block (Tesseract's single-block mode, Spanish data: accents, Ñ and the
 * spaces between words), each with its box: for the hybrid reader's name and address lines.
 */
export async function readBlockLines(image: Buffer): Promise<OcrWord[]> {
  const w = await worker(AREA_KEY);
  const { data } = await timed("tesseract lines", () => w.recognize(image, {}, { blocks: true, text: false }));
  return (data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines.map((l) => ({ text: l.words.map((word) => word.text).join(" "), ...l.bbox }))));
}

/** The area of the card, enlarged twice: its small type reads better larger. */
export async function areaOf(card: Buffer, area: CardArea): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(card).metadata();
  const left = Math.round(width * area.left);
  const top = Math.round(height * area.top);
  const region = { left, top, width: Math.min(width - left, Math.round(width * area.width)), height: Math.min(height - top, Math.round(height * area.height)) };
  return sharp(card).extract(region).resize({ width: 2 * region.width }).png().toBuffer();
}

/** Starts the Tesseract workers the front reads use, before the first front needs them. */
export async function startTesseractWorkers(): Promise<void> {
  await Promise.all([worker(KEY), worker(KEY_2), worker(AREA_KEY)]);
}

/** Ends the OCR workers (process shutdown, tests). */
export async function closeIneFrontReader(): Promise<void> {
  for (const key of [KEY, KEY_2, AREA_KEY] as const) {
    const pending = store[key];
    store[key] = undefined;
    if (pending) await (await pending).terminate();
  }
}
