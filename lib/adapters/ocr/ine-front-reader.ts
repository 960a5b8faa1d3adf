import { createRequire } from "node:module";
import path from "node:path";
import sharp from "sharp";
import { createWorker, OEM, PSM, type Worker } from "tesseract.js";
import type { OcrWord } from "@/lib/mx/ine-front";

/**
 * Reads the text of an INE front. The card is found first (the background around it trimmed
 * away), turned upright (EXIF), brought to the width INE's layout is read at, greyed and
 * sharpened; then Tesseract's LSTM engine with the Spanish data (@tesseract.js-data/spa, read
 * from disk) reads its words with their boxes, keeping Ñ and accents; lib/mx/ine-front finds
 * the fields by where they are printed.
 */
export interface IneFrontReader {
  read(image: Uint8Array): Promise<OcrWord[]>;
}

const KEY = Symbol.for("rubrica.ine-front-worker");
const store = globalThis as unknown as { [KEY]?: Promise<Worker> };

function worker(): Promise<Worker> {
  store[KEY] ??= (async () => {
    const langPath = path.join(path.dirname(createRequire(import.meta.url).resolve("@tesseract.js-data/spa/package.json")), "4.0.0_best_int");
    const w = await createWorker("spa", OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: "none" });
    await w.setParameters({ tessedit_pageseg_mode: PSM.AUTO });
    return w;
  })();
  store[KEY].catch(() => (store[KEY] = undefined));
  return store[KEY];
}

/** The card alone, upright, 1400 px wide, grey and normalised. */
export async function cardRegion(image: Uint8Array): Promise<Buffer> {
  const upright = await sharp(image).rotate().toBuffer();
  const trimmed = await sharp(upright)
    .trim({ threshold: 30 })
    .toBuffer()
    .catch(() => upright);
  return sharp(trimmed).resize({ width: 1400 }).greyscale().normalise().sharpen().png().toBuffer();
}

export const tesseractIneFrontReader: IneFrontReader = {
  async read(image) {
    const w = await worker();
    const { data } = await w.recognize(await cardRegion(image), {}, { blocks: true, text: false });
    return (data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words.map((word) => ({ text: word.text, ...word.bbox })))));
  },
};

/** Ends the OCR worker (process shutdown, tests). */
export async function closeIneFrontReader(): Promise<void> {
  const pending = store[KEY];
  store[KEY] = undefined;
  if (pending) await (await pending).terminate();
}
