import path from "node:path";
import sharp from "sharp";
import { untrustedImage } from "@/lib/adapters/image-input";
import { resolvePackageFile } from "@/lib/adapters/node-packages";
import { createWorker, OEM, PSM, type Worker } from "tesseract.js";
import type { OcrWord } from "@/lib/mx/ine-front";

/**
 * Reads the text of an INE front. The card is found first (the background around it trimmed
 * away), turned upright (EXIF), brought to 300 dpi and greyed; then Tesseract's LSTM engine with
 * the Spanish data (@tesseract.js-data/spa, read
 * from disk) reads its words with their boxes, keeping Ñ and accents; lib/mx/ine-front finds
 * the fields by where they are printed.
 */
export interface IneFrontReader {
  /** `width`: the card's width to read at (default 1012, 300 dpi); another size for a second try. */
  read(image: Uint8Array, options?: { width?: number }): Promise<OcrWord[]>;
}

const KEY = Symbol.for("rubrica.ine-front-worker");
const store = globalThis as unknown as { [KEY]?: Promise<Worker> };

function worker(): Promise<Worker> {
  store[KEY] ??= (async () => {
    const langPath = path.join(path.dirname(resolvePackageFile("@tesseract.js-data/spa/package.json")), "4.0.0_best_int");
    const w = await createWorker("spa", OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: "none" });
    await w.setParameters({ tessedit_pageseg_mode: PSM.AUTO });
    return w;
  })();
  store[KEY].catch(() => (store[KEY] = undefined));
  return store[KEY];
}

/**
 * The card alone, upright, grey and normalised, at 1012 px wide: a CR80 card at 300 dpi, where
 * the card's type is the size Tesseract's LSTM reads best (measured on the sandbox cards: larger
 * or sharpened, it misread 8 as 5 in a CURP that it reads right at this size).
 */
export async function cardRegion(image: Uint8Array, width = CARD_WIDTH): Promise<Buffer> {
  const card = await trimmedCard(image);
  return sharp(card.data).resize({ width }).greyscale().normalise().png().toBuffer();
}

/** The card alone: upright (EXIF) and trimmed of the background around it, kept lossless. */
async function trimmedCard(image: Uint8Array) {
  const upright = await untrustedImage(image).rotate().png().toBuffer({ resolveWithObject: true });
  return sharp(upright.data)
    .trim({ threshold: 30 })
    .toBuffer({ resolveWithObject: true })
    .catch(() => upright);
}

const CARD_WIDTH = 1012;

/**
 * Where the holder's photo is on an INE front (models E–H: the left third, below the header),
 * in colour, for the face models: on the whole card the face is small and one in ten was not
 * found (bench/identity.ts).
 */
export async function cardPhotoRegion(image: Uint8Array): Promise<Buffer> {
  const card = await trimmedCard(image);
  const { width, height } = card.info;
  return sharp(card.data)
    .extract({ left: 0, top: Math.round(height * 0.15), width: Math.round(width * 0.34), height: Math.round(height * 0.75) })
    .jpeg({ quality: 95 })
    .toBuffer();
}

export const tesseractIneFrontReader: IneFrontReader = {
  async read(image, options = {}) {
    const w = await worker();
    const { data } = await w.recognize(await cardRegion(image, options.width), {}, { blocks: true, text: false });
    return (data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words.map((word) => ({ text: word.text, ...word.bbox })))));
  },
};

/** Ends the OCR worker (process shutdown, tests). */
export async function closeIneFrontReader(): Promise<void> {
  const pending = store[KEY];
  store[KEY] = undefined;
  if (pending) await (await pending).terminate();
}
