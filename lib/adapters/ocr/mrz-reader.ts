import path from "node:path";
import sharp from "sharp";
import { untrustedImage } from "@/lib/adapters/image-input";
import { resolvePackageFile } from "@/lib/adapters/node-packages";
import { createWorker, OEM, PSM, type Worker } from "tesseract.js";

/**
 * Reads the MRZ text off a photo or scan of an INE back. The legacy Tesseract engine with the
 * English 4.0.0 data reads OCR-B "<" reliably where the LSTM engine reads K or L (stack.md); the
 * data comes from the @tesseract.js-data/eng package, nothing is downloaded. The image is
 * straightened (EXIF), greyed, its lower part (where the MRZ is) cut out, enlarged and
 * binarised before reading.
 */
export interface MrzReader {
  read(image: Uint8Array): Promise<string>;
}

const KEY = Symbol.for("rubrica.mrz-worker");
const store = globalThis as unknown as { [KEY]?: Promise<Worker> };

function worker(): Promise<Worker> {
  store[KEY] ??= (async () => {
    const langPath = path.join(path.dirname(resolvePackageFile("@tesseract.js-data/eng/package.json")), "4.0.0");
    const w = await createWorker("eng", OEM.TESSERACT_ONLY, { langPath, gzip: true, cacheMethod: "none" });
    await w.setParameters({ tessedit_char_whitelist: "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<", tessedit_pageseg_mode: PSM.SINGLE_BLOCK });
    return w;
  })();
  store[KEY].catch(() => (store[KEY] = undefined));
  return store[KEY];
}

export async function mrzRegion(image: Uint8Array): Promise<Buffer> {
  const upright = await untrustedImage(image).rotate().greyscale().normalise().toBuffer({ resolveWithObject: true });
  const { width, height } = upright.info;
  // The MRZ fills the lower ~40% of an INE back.
  const top = Math.floor(height * 0.55);
  return sharp(upright.data)
    .extract({ left: 0, top, width, height: height - top })
    .resize({ width: Math.max(1600, width) })
    .threshold(150)
    .png()
    .toBuffer();
}

export const tesseractMrzReader: MrzReader = {
  async read(image) {
    const w = await worker();
    const { data } = await w.recognize(await mrzRegion(image));
    return data.text;
  },
};

/** Ends the OCR worker (process shutdown, tests). */
export async function closeMrzReader(): Promise<void> {
  const pending = store[KEY];
  store[KEY] = undefined;
  if (pending) await (await pending).terminate();
}
