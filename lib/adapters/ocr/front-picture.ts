import { findCard, type FoundCard } from "@/lib/adapters/vision/find-card";
import { claveAgreesWithCurp, claveVouchedByCard } from "@/lib/mx/clave-elector";
import { curpVouchedByCard } from "@/lib/mx/curp-card-agreement";
import type { FrontReadWhole } from "./read-ine-front";

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
 * Width of the card in the picture's pixels from which the reader reads it whole. Since the values
 * are also read by where the layout prints them (lib/adapters/ocr/read-by-position), fields right
 * on the tune part (both engines, 2026-11-26) by the card's width: under 240 px 2%, 240–300 px
 * 1–8 of 11–15 per picture (the name or the CURP missed on every one), 320–330 px 11/15 and 13/15
 * (names, CURP, clave and birth date right on both; missed: the years of registro and emisión,
 * localidad, an accent), 391 px 7/13 (the redrawn sample whose printed clave and CURP are
 * malformed), 400–500 px 95%. A narrower card is read whole before it is judged (readProblem).
 */
export const MIN_CARD_WIDTH = 320;
/**
 * Width from which a card whose names were read is taken without vouching for itself. Measured
 * again 2026-12-03 with the small-type recogniser, on the tune part (five seeds, 5, 11, 23, 37,
 * 101, small and small_photo, both engines), every card read whatever this check said: 280–320 px
 * read 90% of fields (321/355; the sandbox cards 256/260, INE's specimens 65/95), as 320–340 px,
 * which is taken, does (99/110: 80/85 and 19/25); 260–280 px read 80%, 240–260 px 73%. The four specimens refused
 * there read 30 of their 50 fields: the third-party redrawings print a 17-character clave and a
 * CURP failing its check digit, which can vouch for nothing, so before they were refused whatever
 * else was read. Its labels are still too small to read (isNarrow), so the names are what shows
 * the read is a front's (a back or another card gives none; the capture looks for a back's MRZ).
 */
export const MIN_TAKEN_WIDTH = 280;
/**
 * Width under which a card is not read at all. Between it and MIN_TAKEN_WIDTH the card is read, and
 * taken only where its CURP agrees with its names, birth date and sex (curpVouchedByCard). On the
 * tune part (four seeds, small and small_photo, both engines, 2026-11-27), 23 of the 45 cards
 * 240–320 px wide were so taken, and read their names 65/69, CURP 22/23, clave, birth date and sex
 * 23/23 (the other fields 43–96%); of the 10 cards under 240 px none would have been.
 */
export const MIN_READ_WIDTH = 240;
/**
 * Sharpness (find-card's focus measure) below which the reader misses fields. Measured again
 * 2026-11-27 with both engines, the "blur" pictures of the TUNE part of five seeds (11, 23, 37,
 * 101, 202; 55 pictures, every one read whatever this check said): under 100 read 71% of fields
 * (37/52, 4 pictures), 100–200 82% (214/260; the sandbox cards 90%, the specimens, which are
 * small scans to begin with, 69%), 200–300 92%, over 300 95%. 100–200 reads about as well as the
 * cards 320–400 px wide that are taken (MIN_CARD_WIDTH). The earlier limit, 200, came from a
 * reader without Paddle's passes (then 100–200 read 18%). A sharp card scores in the thousands.
 * A card under it is read, as a narrow one is, and taken only where its read vouches for itself
 * (readProblem): on the tune part (six seeds, 5, 11, 23, 37, 101, 202; 2026-11-29), 7 cards were
 * under it; the 5 whose CURP vouched read 61 of their 63 fields right, the 2 that did not 19 of 27.
 */
export const MIN_SHARPNESS = 100;
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
  if (found.sourceWidth < MIN_READ_WIDTH) return tooSmall(found.sourceWidth);
  return null;
}

const BLURRED: FrontPictureProblem = { cause: "blurred", message: "La foto del frente está borrosa. Tómala de nuevo con buena luz, sosteniendo el teléfono quieto hasta que enfoque.", detail: "the card is blurred" };

function tooSmall(width: number): FrontPictureProblem {
  return { cause: "card_too_small", message: `La credencial se ve muy pequeña en la foto del frente (${width} px de ancho; se necesitan al menos ${MIN_CARD_WIDTH}). Acércate o envía una foto de mayor resolución.`, detail: `card too small: ${width} px wide, at least ${MIN_CARD_WIDTH}` };
}

/** A card narrower than MIN_CARD_WIDTH: its labels are too small to read (read-ine-front reads it as it came, unturned). */
export const isNarrow = (found: FoundCard) => found.sourceWidth < MIN_CARD_WIDTH;
/**
 * A card less sharp than MIN_SHARPNESS. Only a card whose outline was found is judged for focus:
 * a picture taken whole may be no card at all (a blank page scores 0), which the reader's labels
 * tell better.
 */
const isBlurred = (found: FoundCard) => found.by !== "whole" && found.sharpness < MIN_SHARPNESS;

/** Whether a card problemOf takes is judged only once read whole (readProblem): a narrow or a blurred one. */
export const judgedOnItsRead = (found: FoundCard) => isNarrow(found) || isBlurred(found);
/** Whether such a card must vouch for itself to be taken: under MIN_TAKEN_WIDTH, or blurred. */
const mustVouch = (found: FoundCard) => found.sourceWidth < MIN_TAKEN_WIDTH || isBlurred(found);

/**
 * After reading: a card under MIN_TAKEN_WIDTH or blurred is taken only when its CURP agrees with the names,
 * birth date and sex read from its other lines (curpVouchedByCard), or its clave de elector, as a
 * pass or the small-type recogniser read it (`clavesRead`, readIneFront), does (claveVouchedByCard: INE's 2019 specimen prints
 * a CURP of 16 characters, which can vouch for nothing), or that clave agrees with a CURP that
 * passes its check digit (claveAgreesWithCurp: two lines read apart agreeing in thirteen
 * characters were read, not guessed; a name misread small, YAÑEZ as YARE or ITZEL as MZA, kept
 * the first two from vouching for cards whose CURP and clave were right); otherwise its type was
 * misread and the person is asked for a closer or a sharper photo.
 */
export function readProblem(found: FoundCard, read: Pick<FrontReadWhole, "front" | "clavesRead">): FrontPictureProblem | null {
  const { front, clavesRead } = read;
  // MIN_TAKEN_WIDTH to MIN_CARD_WIDTH, sharp: taken where the names were read.
  if (!mustVouch(found)) return isNarrow(found) && !(front.primer_apellido && front.nombres) ? tooSmall(found.sourceWidth) : null;
  if (curpVouchedByCard(front.curp, front)) return null;
  const clave = front.clave_elector && clavesRead.includes(front.clave_elector) ? front.clave_elector : null;
  if (clave && (claveVouchedByCard(clave, front) || (front.curp && claveAgreesWithCurp(clave, front.curp)))) return null;
  return isNarrow(found) ? tooSmall(found.sourceWidth) : BLURRED;
}
