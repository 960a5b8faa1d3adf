import { findCard, type FoundCard } from "@/lib/adapters/vision/find-card";

/**
 * Can the front reader read this picture of an INE front? Asked before reading, so that a person
 * is asked for a better photo at capture, and a client of the full INE validation is told why,
 * instead of a half-read card failing later checks. The limits are where the front reader's
 * accuracy falls on the augmented set's TUNE part (bench/identity.ts, by card width and by
 * sharpness); the numbers are in the README.
 */
export type FrontPictureProblem = {
  cause: "no_card" | "card_too_small" | "blurred";
  /** For the person or the client, in Spanish. */
  message: string;
  /** A fixed English sentence per cause (the capture's field error; the page words it itself). */
  detail: string;
};

/**
 * Width of the card in the picture's pixels below which the reader misses fields. Fields right on
 * the tune part by the card's width: under 240 px 0%, 240–300 6%, 300–400 51%, 400–500 94%,
 * 500–800 100% (Tesseract does not read type a few pixels high, however it is enlarged).
 */
export const MIN_CARD_WIDTH = 400;
/**
 * Sharpness (find-card's focus measure) below which the reader misses fields: on the tune part,
 * 60–100 read 19% of fields, 100–200 18%, 200–500 81%. A sharp card scores in the thousands.
 */
export const MIN_SHARPNESS = 200;
// A picture with no card outline in it is read whole only when it has a card's proportions
// (85.60 × 53.98 mm, 1.586): a crop of the card. Anything else with no outline has no card.
const CROP_RATIO = [1.4, 1.8] as const;

export async function checkFrontPicture(picture: Uint8Array): Promise<{ found: FoundCard; problem: FrontPictureProblem | null }> {
  const found = await findCard(picture);
  return { found, problem: problemOf(found) };
}

export function problemOf(found: FoundCard): FrontPictureProblem | null {
  const ratio = found.pictureWidth / found.pictureHeight;
  const cardShaped = Math.max(ratio, 1 / ratio) >= CROP_RATIO[0] && Math.max(ratio, 1 / ratio) <= CROP_RATIO[1];
  if (found.by === "whole" && !cardShaped) {
    return { cause: "no_card", message: "No encontramos la credencial en la foto del frente. Tómala de nuevo: la credencial completa, con sus cuatro esquinas, sobre un fondo liso.", detail: "no card outline found" };
  }
  if (found.sourceWidth < MIN_CARD_WIDTH) {
    return { cause: "card_too_small", message: `La credencial se ve muy pequeña en la foto del frente (${found.sourceWidth} px de ancho; se necesitan al menos ${MIN_CARD_WIDTH}). Acércate o envía una foto de mayor resolución.`, detail: `card too small: ${found.sourceWidth} px wide, at least ${MIN_CARD_WIDTH}` };
  }
  // Only a card whose outline was found is judged for focus: a picture taken whole may be no card
  // at all (a blank page scores 0), which the reader's labels tell better.
  if (found.by !== "whole" && found.sharpness < MIN_SHARPNESS) {
    return { cause: "blurred", message: "La foto del frente está borrosa. Tómala de nuevo con buena luz, sosteniendo el teléfono quieto hasta que enfoque.", detail: "the card is blurred" };
  }
  return null;
}
