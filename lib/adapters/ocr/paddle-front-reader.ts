import sharp from "sharp";
import { chunks, findLabels, plain, type LabelKey } from "@/lib/mx/ine-front-labels";
import type { IneFront } from "@/lib/mx/ine-front";
import { areaOf, cardRegion, FRONT_PASSES, once, startTesseractWorkers, readBlockLines, tesseractIneFrontReader, type IneFrontReader, type Turn } from "./ine-front-reader";
import { nameLexicon } from "./name-lexicon";
import { detectText, loadPaddle, recogniseBoxes, unglue, wordsOf, type TextBox } from "./paddle-ocr";
import { decodeWithGrammar, spellingGrammar } from "./ctc-grammar";
import { GRAMMAR_MARGIN } from "./grammar-readings";
import { addressField, nameFields, readByPosition, type PositionBox } from "./read-by-position";
import { smallTypeLattices } from "./small-type";

/**
 * Paddle's passes: the card at 300 dpi, then larger. Thresholding, which helps Tesseract past
 * guilloche, is left out: Paddle's detector was trained on text over backgrounds.
 */
const PADDLE_PASSES = [{ width: 1012 }, { width: 1400 }];

/**
 * The front read by PaddleOCR's PP-OCRv4 (lib/adapters/ocr/paddle-ocr): the same card region as
 * the Tesseract reader (found, upright, 1012 px, grey), its text boxes found and read by Paddle.
 */
export const paddleIneFrontReader: IneFrontReader = {
  async read(image, options = {}) {
    return wordsOf((await paddleBoxes(image, options)).boxes);
  },
  passes: PADDLE_PASSES,
  byPosition: (image, turn) => fieldsByPosition(image, turn),
};

// The boxes of a picture's reads, by the read's options: the position read (readByPosition)
// takes the hybrid pass's boxes instead of running the detector and recogniser again.
const boxesRead = new WeakMap<Uint8Array, Map<string, Promise<{ region: Buffer; boxes: TextBox[] }>>>();

function paddleBoxes(image: Uint8Array, options: Parameters<IneFrontReader["read"]>[1] = {}): Promise<{ region: Buffer; boxes: TextBox[] }> {
  const key = JSON.stringify([options.width ?? null, options.threshold ?? null, options.turn ?? 0, options.area ?? null]);
  return once(boxesRead, image, key, async () => {
    const card = await cardRegion(image, options);
    const region = options.area ? await areaOf(card, options.area) : card;
    const found = await detectText(region);
    const boxes = await recogniseBoxes(region, options.area ? found : await inTextColumn(region, found));
    // The boxes that may hold a CURP or a clave (a run of 12 letters and digits) read again by the
    // recogniser for small type, for the grammar readings (grammar-readings). Not in an area's
    // read: only its SEXO is taken, never its lattices.
    const coded = options.area ? [] : boxes.filter((b) => /[A-Z0-9]{12,}/i.test(b.text.replace(/\s+/g, "")));
    const seconds = await smallTypeLattices(region, coded);
    coded.forEach((b, i) => (b.second = seconds[i]!.lattice));
    return { region, boxes };
  });
}

/**
 * The boxes the fields can be in: every label and value of every model is printed right of the
 * photo and below the header (lib/adapters/ocr/read-by-position's areas start at 29% of the
 * width and 25% of the height). The header (INSTITUTO NACIONAL ELECTORAL, CREDENCIAL PARA
 * VOTAR), the photo, its signature and the edge's strip are not read: the recogniser's time
 * grows with the boxes' width, and the header's lines are the widest (a third of its time on
 * unseen fronts, bench:identity --stages). A region not of a card's proportions (a picture with
 * no card found, read whole) has its text anywhere: all its boxes are read.
 */
export async function inTextColumn<T extends { x0: number; y0: number; x1: number; y1: number }>(region: Uint8Array, boxes: T[]): Promise<T[]> {
  const { width = 0, height = 0 } = await sharp(region).metadata();
  if (width < 1.4 * height || width > 1.8 * height) return boxes;
  return boxes.filter((b) => b.x1 > TEXT_COLUMN.left * width && (b.y0 + b.y1) / 2 > TEXT_COLUMN.top * height);
}
const TEXT_COLUMN = { left: 0.29, top: 0.2 };

/**
 * The fields read by where they are printed (lib/adapters/ocr/read-by-position) from the boxes of
 * the card at 1012 px (the hybrid pass's, when it ran): for what the labels could not place. The
 * name's and address's lines are read again by Tesseract for their accents, Ñ and spaces, and
 * taken where they spell what Paddle read (as the hybrid reader does under the labels).
 */
async function fieldsByPosition(image: Uint8Array, turn: Turn): Promise<Partial<IneFront>> {
  const { region, boxes } = await paddleBoxes(image, { ...PADDLE_PASSES[0], turn });
  const { width = 0, height = 0 } = await sharp(region).metadata();
  const read = readByPosition(
    boxes.map((b) => ({ ...b, text: unglue(b.text) })),
    width,
    height,
  );
  if (!read) return {};
  const lines = [...read.nameBoxes, ...read.addressBoxes];
  if (!lines.length) return read.front;
  const reread = await tesseractLines(region, lines);
  const best = (b: PositionBox, i: number) => (reread[i] && sameLetters(reread[i], b.text) ? reread[i] : b.text);
  const names = read.nameBoxes.map(best);
  const address = read.addressBoxes.map((b, i) => {
    const t = reread[read.nameBoxes.length + i];
    return t && addressRereadFits(t, b) ? t : b.text;
  });
  return { ...read.front, ...(names.length ? nameFields(names) : {}), ...(address.length ? { domicilio: addressField(address) } : {}) };
}

/**
 * Paddle finds and reads every box; the boxes of the name and the address (under NOMBRE and
 * DOMICILIO) are read again by Tesseract, whose Spanish data has the Ñ and the accents Paddle's
 * dictionary lacks and which keeps the spaces Paddle often drops. Tesseract's line is taken only
 * where it spells the same letters as Paddle's, accents, Ñ and spaces aside: elsewhere Paddle,
 * which misreads less on these pictures (bench/identity.ts --engine), is kept.
 */
export const hybridIneFrontReader: IneFrontReader = {
  async read(image, options = {}) {
    const { region, boxes } = await paddleBoxes(image, options);
    const names = options.area ? [] : linesUnder(boxes, ["nombre"], 3);
    const address = options.area ? [] : linesUnder(boxes, ["domicilio"], 3).filter((b) => !names.includes(b));
    const lines = [...names, ...address];
    if (!lines.length) return wordsOf(boxes);
    const reread = await tesseractLines(region, lines);
    return wordsOf(boxes.map((b) => {
      const i = lines.indexOf(b);
      const t = i >= 0 ? reread[i] : undefined;
      if (t && (sameLetters(t, b.text) || (address.includes(b) && addressRereadFits(t, b)))) return { ...b, text: t };
      // A reread of other letters is kept beside the box: the name's lexicon reading may spell them (name-readings).
      return t ? { ...b, reread: t } : b;
    }));
  },
  passes: PADDLE_PASSES,
  byPosition: (image, turn) => fieldsByPosition(image, turn),
};

/** The boxes of up to `count` lines below each label, in the label's column, before the next label. */
function linesUnder<T extends TextBox>(boxes: T[], keys: LabelKey[], count: number): T[] {
  const words = wordsOf(boxes);
  const labels = findLabels(chunks(words));
  const out: T[] = [];
  for (const key of keys) {
    const label = labels.get(key);
    if (!label) continue;
    const height = label.y1 - label.y0;
    const others = [...labels.values()].filter((l) => l !== label && l.y0 > label.y0 + height / 2 && l.x0 < label.x1 + 20 && label.x0 < l.x1 + 20);
    const stop = Math.min(...others.map((l) => l.y0), Infinity);
    const below = boxes
      .filter((b) => b.y0 > label.y0 + height / 2 && b.y0 < stop && Math.abs(b.x0 - label.x0) <= Math.max(3 * height, 30) && !out.includes(b))
      .sort((a, b) => a.y0 - b.y0)
      .slice(0, count);
    out.push(...below);
  }
  return out;
}

const GAP = 16;

// The lines read per region, by their boxes: the position read asks again for the very lines the
// hybrid pass reread under NOMBRE and DOMICILIO (the same stacked image, the same answer).
const linesRead = new WeakMap<Uint8Array, Map<string, Promise<(string | undefined)[]>>>();

/** The boxes cut from the card, enlarged twice (lanczos), stacked with white between, read as one block: one Tesseract call. */
function tesseractLines(region: Buffer, boxes: PositionBox[]): Promise<(string | undefined)[]> {
  return once(linesRead, region, JSON.stringify(boxes.map((b) => [b.x0, b.y0, b.x1, b.y1])), () => stackedLines(region, boxes));
}

async function stackedLines(region: Buffer, boxes: PositionBox[]): Promise<(string | undefined)[]> {
  const crops = await Promise.all(
    boxes.map((b) =>
      sharp(region)
        .extract({ left: b.x0, top: b.y0, width: b.x1 - b.x0, height: b.y1 - b.y0 })
        .resize({ width: 2 * (b.x1 - b.x0), kernel: "lanczos3" })
        .extend({ top: GAP, bottom: GAP, left: GAP, right: GAP, background: "#ffffff" })
        .png()
        .toBuffer({ resolveWithObject: true }),
    ),
  );
  const width = Math.max(...crops.map((c) => c.info.width));
  const tops: number[] = [];
  let height = 0;
  for (const c of crops) {
    tops.push(height);
    height += c.info.height;
  }
  const stacked = await sharp({ create: { width, height, channels: 3, background: "#ffffff" } })
    .composite(crops.map((c, i) => ({ input: c.data, left: 0, top: tops[i]! })))
    .png()
    .toBuffer();
  const lines = await readBlockLines(stacked);
  return crops.map((c, i) => {
    const inBand = lines.filter((l) => (l.y0 + l.y1) / 2 >= tops[i]! && (l.y0 + l.y1) / 2 < tops[i]! + c.info.height);
    return inBand.length ? inBand.map((l) => l.text).join(" ").trim() : undefined;
  });
}

/**
 * How much less likely than its own reading Paddle's recogniser may find Tesseract's reread of an
 * address line for the reread to be taken (GRAMMAR_MARGIN's scale: about two characters the
 * recogniser nearly tied on).
 */
export const ADDRESS_REREAD_MARGIN = GRAMMAR_MARGIN;

/**
 * Whether Tesseract's reread of an address box is the line to take: the same letters as Paddle's,
 * or digits where Paddle read letters and nothing else changed, within ADDRESS_REREAD_MARGIN on
 * Paddle's lattice. Paddle glues a line's words, and on small type reads a glued postcode's 0 as O
 * and its 4 as L or M (COL.MORELOSOM800 for COL. MORELOS 04800, tune part: INE's redrawn
 * specimen, blurred or under 320 px) where Tesseract, reading the box enlarged, keeps the spaces
 * and the digits. Elsewhere Paddle's is kept: it misreads less (tune seed 23, a house number 1268
 * Tesseract reread 1263; seed 101, INT. 4 reread INT. A, both within the margin).
 */
export function addressRereadFits(reread: string, box: Pick<TextBox, "text" | "lattice">): boolean {
  if (sameLetters(reread, box.text)) return true;
  const [mine, theirs] = [letters(box.text), letters(reread)];
  if (!box.lattice || mine.length !== theirs.length) return false;
  const digit = (c: string) => c >= "0" && c <= "9";
  if (![...mine].every((c, i) => c === theirs[i] || (!digit(c) && digit(theirs[i]!)))) return false;
  const reading = decodeWithGrammar(box.lattice, spellingGrammar(theirs));
  return !!reading && reading.greedyLogp - reading.logp <= ADDRESS_REREAD_MARGIN;
}

const letters = (text: string) => plain(text).replace(/[^A-Z0-9]/g, "");

/** The same letters and digits, accents, Ñ (as N), case, punctuation and spaces aside. */
export function sameLetters(a: string, b: string): boolean {
  const x = letters(a);
  return x !== "" && x === letters(b);
}

/**
 * Both engines, one pass each in turn: Tesseract's first pass (it finds the card's turn from the
 * labels it reads, small capitals included), then the hybrid Paddle pass (values Tesseract misses
 * on photos and small cards), then Tesseract's thresholded 1600 px pass (guilloche, wide cards
 * only); readIneFront stops at the first pass that leaves nothing to read and fills each pass's
 * gaps from the others.
 *
 * Tesseract's 1400 px and thresholded 1200 px passes (FRONT_PASSES) are not made after Paddle's:
 * a front that needed them (a specimen whose CURP fails its check digit, a blurred card) ran five
 * reads, 3.3–4.4 s, the p95 of time per front. Measured on the tune part, seeds 5 and 11 (154
 * pictures of 7 distortions, 2,016 fields, 2026-12-03): all five passes 1,833 fields right, p95
 * 3.78 / 3.07 s; without the thresholded 1200 px one 1,829, p95 3.00 / 2.92 s; without both 1,829,
 * p95 2.71 / 2.89 s, p50 2.09 → 1.70 s on seed 5. Without both, five fields lost, one won: INE
 * specimen's CURP twice, its clave and a period of its address, a 318 px card's sección.
 */
export const combinedIneFrontReader: IneFrontReader = {
  read: (image, options = {}) => (options.engine === "paddle" ? hybridIneFrontReader : tesseractIneFrontReader).read(image, options),
  passes: [FRONT_PASSES[0]!, { width: 1012, engine: "paddle" }, FRONT_PASSES[1]!],
  byPosition: (image, turn) => fieldsByPosition(image, turn),
  // The date of the last change to what a front reads (IneFrontReader.version): change it with any.
  version: "combined 2026-12-03b, small-type recogniser",
};

/**
 * The combined reader's engines started before the first front: Tesseract's three workers and
 * Paddle's two models took the first identity check's time (bench:identity --stages: "tesseract
 * start", "paddle load"), and the names' lexicon (faker's list compiled: ~30 ms) would take the
 * first front's. The launcher calls it once listening, without waiting for it.
 */
export async function warmIneFrontReader(): Promise<void> {
  await Promise.all([startTesseractWorkers(), loadPaddle(), nameLexicon()]);
}
