/**
 * A quick look at a photo before it is sent, in the browser: big enough, not too dark or too
 * bright, not blurred. The server does the real checks (the MRZ reads, one face); this saves a
 * round trip and tells the person at once what to fix.
 */
export type Quality = { ok: true } | { ok: false; problem: "tooSmall" | "tooDark" | "tooBright"; px?: number } | { ok: "warn"; problem: "blurry" };

/**
 * The server's own minimums (capture-session-file.ts): the front's is the card width its reader
 * reads at all (lib/adapters/ocr/front-picture.ts: MIN_READ_WIDTH, 240 px), the back's MRZ needs 800.
 */
export const MIN_SIDE = { ine_front: 240, ine_back: 800, face: 480 } as const;

/**
 * Mean brightness (0–255), the share of burnt-out pixels (≥ 250) and the variance of the
 * Laplacian (sharpness) of a grey image.
 */
export function measure(grey: Uint8ClampedArray | number[], width: number, height: number) {
  let sum = 0;
  let burnt = 0;
  for (let i = 0; i < grey.length; i++) {
    sum += grey[i]!;
    if (grey[i]! >= 250) burnt++;
  }
  const mean = sum / grey.length;
  let lapSum = 0;
  let lapSq = 0;
  let n = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const lap = grey[i - 1]! + grey[i + 1]! + grey[i - width]! + grey[i + width]! - 4 * grey[i]!;
      lapSum += lap;
      lapSq += lap * lap;
      n++;
    }
  }
  const lapMean = n ? lapSum / n : 0;
  return { mean, burnt: grey.length ? burnt / grey.length : 0, sharpness: n ? lapSq / n - lapMean * lapMean : 0 };
}

export function judge(longSide: number, minSide: number, m: { mean: number; burnt: number; sharpness: number }): Quality {
  if (longSide < minSide) return { ok: false, problem: "tooSmall", px: longSide };
  if (m.mean < 45) return { ok: false, problem: "tooDark" };
  // A card's back is white where the MRZ is (about 40%): only more than that is glare.
  if (m.burnt > 0.6) return { ok: false, problem: "tooBright" };
  // Measured at 320 px wide: printed text and faces in focus score well above this.
  if (m.sharpness < 25) return { ok: "warn", problem: "blurry" };
  return { ok: true };
}

/** Draws the image at 320 px wide in grey and judges it. */
export function checkQuality(source: CanvasImageSource, width: number, height: number, minSide: number): Quality {
  const w = 320;
  const h = Math.max(1, Math.round((height / width) * w));
  const canvas = document.createElement("canvas");
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
  ctx.drawImage(source, 0, 0, w, h);
  const rgba = ctx.getImageData(0, 0, w, h).data;
  const grey = new Uint8ClampedArray(w * h);
  for (let i = 0; i < grey.length; i++) grey[i] = 0.299 * rgba[i * 4]! + 0.587 * rgba[i * 4 + 1]! + 0.114 * rgba[i * 4 + 2]!;
  return judge(Math.max(width, height), minSide, measure(grey, w, h));
}
