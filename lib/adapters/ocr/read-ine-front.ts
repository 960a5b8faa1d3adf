import sharp from "sharp";
import { birthYymmdd, claveElectorParts } from "@/lib/mx/clave-elector";
import { checkCurp } from "@/lib/mx/curp";
import { curpCardAgreement, curpExpectedFromCard, curpFitsCard, curpVouchedByCard, namesFitCurp } from "@/lib/mx/curp-card-agreement";
import { repairCurp, withBirthDate, withCenturyMark, withInnerConsonants } from "@/lib/mx/curp-repair";
import { estadoOfAddress, tidyAddress } from "@/lib/mx/ine-address";
import { joinedAddress, labelsFound, parseIneFront, readFrontWords, type IneFront, type OcrWord } from "@/lib/mx/ine-front";
import { findCard, type FoundCard } from "@/lib/adapters/vision/find-card";
import { isNarrow } from "./front-picture";
import { addressCutShort, votedAddress } from "./address-vote";
import { curpBackedByClave, grammarClave, grammarCurp, smallTypeReads } from "./grammar-readings";
import { lexiconNames, nameDisagreements } from "./name-readings";
import { tally, timed } from "./stage-times";
import { FRONT_PASSES, type CardArea, type FrontPass, type IneFrontReader, type Turn } from "./ine-front-reader";

/** A front read whole, and the claves the passes read as they came (front-picture readProblem). */
export type FrontReadWhole = { words: OcrWord[]; front: IneFront; clavesRead: string[] };

/**
 * A front read whole: the card found in the picture and seen straight on (lib/adapters/vision/
 * find-card: a photo at an angle, on a table or in a hand), turned upright, then read with each of the reader's passes (plain grey, then
 * thresholded against guilloche, then other sizes) until one gives every field the card's layout
 * prints with a CURP that passes its check digit. The best pass (most fields, a valid CURP) gives
 * the fields; the fields it missed come from the other passes, best first.
 */
export async function readIneFront(reader: IneFrontReader, picture: Uint8Array, card?: FoundCard): Promise<FrontReadWhole> {
  // A picture with no outline of a card, or one the finder cannot open, is read as it came (the
  // reader trims and enlarges it; it says what it cannot decode).
  const found = card ?? (await findCard(picture).catch(() => null));
  // A card shot square that fills most of the picture (a scan, a render) is read as it came too:
  // the reader's own trim finds its edge as well, and the specimen fronts read best that way.
  const asItCame = !found || found.by === "whole" || (found.by === "crop" && found.coverage >= 0.5);
  const image = asItCame ? picture : found.card;
  // A card under MIN_CARD_WIDTH prints its labels 2–3 px high: no turn reads them, so they cannot
  // choose its turn (tune part, seeds 11, 23, 37: 0–3 labels upright, 0 turned but once 1 by
  // chance, which turned a 309 px card over: 0 fields right instead of 7), and the second turn was
  // a Tesseract read for nothing. It is read as it came: turned, it reads garbage whose CURP does
  // not vouch for it, and the person is asked for a closer photo (front-picture: readProblem).
  const turns = (await turnsOf(found, asItCame)).slice(0, found && isNarrow(found) ? 1 : undefined);
  const passes = (reader.passes ?? FRONT_PASSES).filter((p) => !(p.wideCardsOnly && found && isNarrow(found)));
  const first = await upright(reader, image, turns, passes[0]!);
  const reads: Read[] = [first];
  // The 2019 front (no ESTADO, MUNICIPIO, LOCALIDAD) prints SEXO alone at the top right, over
  // guilloche, where the whole-card read passes it over: that area is read alone, once, as soon
  // as the passes say the front is a 2019 one (before, every pass ran waiting for a SEXO that
  // only the area gives). Its read is kept, a SEXO or none: an area that gives none was read again
  // after every pass (nine times on small cards, a second in all: bench:identity --stages).
  let sexoArea: Promise<IneFront["sexo"]> | undefined;
  const soFar = async () => {
    const front = merged(reads);
    // The address as the answer will give it, so that the passes stop on what the answer is.
    const address = votedAddress(ranked(reads).map((r) => r.addressLines));
    if (address) front.domicilio = joinedAddress(address);
    if (!front.sexo && first.labels > 0 && is2019(front)) {
      sexoArea ??= reader.read(image, { ...passes[0], turn: first.turn, area: SEXO_2019 }).then((words) => parseIneFront(words).sexo);
      front.sexo = await sexoArea;
    }
    return front;
  };
  // The passes so far together, not only the best one, decide whether another is needed: a
  // Tesseract pass with the names and a Paddle pass with the CURP leave nothing to read.
  // A front the first passes leave incomplete (a specimen whose CURP fails its own check digit, a
  // blurred card) runs every pass, one by one, in order.
  // The fields read by where the layout prints them (reader.byPosition), read once: from the
  // Paddle pass's own boxes, so only after it. They also decide whether another pass is needed,
  // as the answer takes them anyway (fillByPosition: what the passes left empty, the names only
  // when no pass read any). On a narrow card no pass reads the labels, so each Tesseract pass
  // after the Paddle one was read for what the position read already gave (tune seed 37: 2–3
  // passes on each of 6 cards 278–311 px). On wider cards too (2026-12-02), a blurred card or one
  // 340–400 px wide whose SEXO or VIGENCIA no pass reads by label ran every pass for nothing: tune
  // seed 37, Tesseract card reads 122 → 114 (3 cards 3–4 → 1), seed 11 8 cards 4–5 → 1–2; no
  // field changed. What kept this to narrow cards (seed 11, a 342 px card whose position read
  // took its name block a line low) reads the same now: the position read gives the names only
  // where no pass read any.
  let positionRead: Promise<Partial<IneFront>> | undefined;
  const byPosition = () => (positionRead ??= reader.byPosition!(image, first.turn));
  const paddleRead = () => reads.some((_, k) => passes[k]?.engine === "paddle");
  const judged = async (front: IneFront) => (reader.byPosition && paddleRead() && !complete(front) && !settled(front, reads, true) ? fillByPosition(front, await byPosition()) : front);
  for (let i = 1; i < passes.length; i++) {
    const before = await soFar();
    // Names the CURP contradicts that another pass read so that it agrees count as read here, but
    // the answer takes them only after the lexicon (a pass's VALERA agrees with the CURP as well
    // as the lexicon's VALERIA does, read from Paddle's WALERLA: tune seed 23).
    const withPosition = namesTheCardAgrees(await judged(before), ranked(reads).map((r) => r.front));
    if (complete(withPosition) || settled(withPosition, reads, paddleRead())) break;
    const words = await reader.read(image, { ...passes[i], turn: first.turn });
    reads.push({ words, ...readFrontWords(words), turn: first.turn });
    if (filled(await soFar()) > filled(before)) tally(`pass ${i + 1} added`);
  }
  const front = await soFar();
  front.curp = chooseCurp(ranked(reads), front);
  const answer = reader.byPosition && !complete(front) ? fillByPosition(front, await byPosition()) : front;
  answer.seccion = wholeSeccion(answer.seccion, ranked(reads), positionRead && (await positionRead));
  // No reading passes its check digit: one mended by the rest of the card (lib/mx/curp-repair:
  // the names and birth date, often read by position on a small card) from every pass's text.
  // A CURP that passes its check digit but that the names, birth date or sex contradict is one of
  // those too: one run in ten passes it by chance, and small type cuts them out of longer runs
  // (tune part, seed 11: OVMB800705MCLMLR01, the specimen's CURP with its G lost and M read B);
  // only its grammar reading replaces it, not a mended one: a misread name would make the mend
  // (MOGI… into MOGM… for ITZEL read MZA, I and M weigh alike in the check digit there).
  // Before it, the CURP Paddle's recogniser gives under RENAPO's grammar and the check digit
  // (lib/adapters/ocr/grammar-readings: a second choice where small type's first is wrong).
  const words = reads.flatMap((r) => r.words);
  // The claves the passes and the small-type recogniser read as printed, before any grammar gave
  // them the card's date and sex: the ones that can vouch for a small card (front-picture
  // readProblem), for the CURP's date, and for a CURP read as printed that they agree with.
  const smallType = smallTypeReads(words);
  const clavesRead = [...new Set([...reads.flatMap((r) => r.front.clave_elector ?? []), ...smallType.claves])];
  const backed = (curp: string | null) => !!curpBackedByClave([curp], clavesRead);
  const backedRead = curpBackedByClave([...reads.map((r) => r.front.curp), ...smallType.curps], clavesRead);
  await timed("grammar decode", async () => {
    answer.sexo = sexOf(answer);
    if (backedRead && !backed(answer.curp)) answer.curp = backedRead;
    else if (untrustedCurp(answer)) answer.curp = grammarCurp(words, answer, answer.curp) ?? (validCurp(answer) ? null : repairCurp(words.map((w) => w.text), answer)) ?? answer.curp;
    answer.curp = withInnerConsonants(answer.curp, answer);
    answer.fecha_nacimiento = birthDateOf(answer);
    answer.curp = withCenturyMark(answer.curp, answer.fecha_nacimiento);
    answer.anio_emision = emisionOf(answer);
    // A clave de elector not of its shape, none, or one of another birth date or other letters than the names': the one under its grammar.
    answer.clave_elector = grammarClave(words, answer);
    answer.sexo = sexOf(answer);
  });
  // The name's lines under a lexicon of Mexican names (lib/adapters/ocr/name-readings), after the
  // CURP and clave: their letters are what guards a rare name from a common one.
  const named = tildesWithTheirLetters(
    await timed("name lexicon", () => lexiconNames(words, answer)),
    reads.filter((_, k) => passes[k]?.engine === "paddle").map((r) => r.front),
  );
  // A CURP's check digit is a sum mod 10, so one misread letter in ten still passes it (ROQS…SDXF14
  // read ROQS…SOXF14: D and O weigh alike at the 14th place, tune seed 202): where the passes read
  // two valid CURPs, the one the card's mended names agree with more is the card's, and the clave,
  // whose letters its grammar took from the CURP, is decoded again under it.
  const agreed = backed(named.curp) ? named.curp : curpTheCardAgrees(named, reads.map((r) => r.front.curp));
  // The CURP's grammar takes the names' letters as given, so a name misread when it ran gave it
  // the wrong ones (tune seed 202, a 265 px card: MONTAÑO read NONTANO, so HENR… was asked of a
  // box that holds HEMR571014MZSRNC63, which the grammar reads within 4.1 nats once M is given):
  // with the names mended, a CURP still invalid or contradicted is read under the grammar again.
  const regrammared = !backed(agreed) && untrustedCurp({ ...named, curp: agreed }) ? grammarCurp(words, named, agreed) : null;
  const curp = regrammared ?? agreed;
  if (curp !== named.curp) {
    named.curp = curp;
    named.clave_elector = grammarClave(words, named);
    named.sexo = sexOf(named);
  } else if (backed(curp)) {
    // A CURP backed by a clave read as printed was taken before the lexicon mended the names, and
    // a given name misread then (VALERIA unread) gave the clave's grammar none of its letters: it is
    // decoded again with them (tune part, seed 23: GRGNML… for GRGNVL… on a 245 px card).
    named.clave_elector = grammarClave(words, named);
  }
  // A name line the valid CURP and clave still contradict, from a reading they do not.
  Object.assign(named, namesTheCardAgrees(named, [...ranked(reads).map((r) => r.front), ...(positionRead ? [await positionRead] : [])]));
  // Names misread contradicted the valid CURP when the birth date was first weighed (tune seed
  // 101: a small card's CURP vouched for once the lexicon mended its names, its date unread): now
  // they are mended, the CURP gives the date.
  named.fecha_nacimiento ??= curpBirthDate(named);
  named.curp = withCenturyMark(withInnerConsonants(named.curp, named), named.fecha_nacimiento);
  const dated = withBirthDate(named.curp, named.fecha_nacimiento, clavesRead);
  if (dated !== named.curp) {
    named.curp = dated;
    named.clave_elector = grammarClave(words, named);
  }
  // Spaces, periods and the entidad small type loses, put back by the address's own conventions.
  if (named.domicilio) named.domicilio = tidyAddress(named.domicilio, named.estado);
  named.estado = estadoOf(named);
  return { words: first.words, front: named, clavesRead };
}

/**
 * The turns that may make the card upright. A card warped out of a photo lies along its long side
 * or across: only the two turns that keep it so. A card read as it came, when the finder's crop
 * or the picture has a card's proportions, too (before, all four were read on a small card whose
 * labels no turn reads: two Tesseract reads of the whole card for nothing, bench:identity
 * --stages); a picture of other proportions, or none the finder could open, all four.
 */
async function turnsOf(found: FoundCard | null, asItCame: boolean): Promise<Turn[]> {
  if (!found) return [0, 90, 270, 180];
  const { width = 0, height = 0 } = await sharp(found.card).metadata();
  if (!asItCame) return width >= height ? [0, 180] : [90, 270];
  if (width >= CARD_LIKE * height) return [0, 180];
  if (height >= CARD_LIKE * width) return [90, 270];
  return [0, 90, 270, 180];
}
// A CR80 card is 85.6 × 54 mm (1.585); a 4:3 photo (1.33) is not taken for one.
const CARD_LIKE = 1.4;

/** Where the 2019 front prints SEXO: the right quarter, under the header. */
export const SEXO_2019: CardArea = { left: 0.72, top: 0.18, width: 0.28, height: 0.22 };

type Read = { words: OcrWord[]; front: IneFront; curpWhole: boolean; curpShapes: string[]; addressLines: string[]; seccionWhole: boolean; turn: Turn };

/**
 * SECCIÓN as a read gave its four digits, before one a pass padded from three (lib/mx/ine-front:
 * a lost leading 0 comes back so, any other lost digit does not). On the tune part (seed 11, a
 * 277 px card) Tesseract's first pass read SECCIÓN's label and 339 under it, Paddle's position
 * read 3039: the pass's label won, and 0339 was answered. `reads` best first; the position read's
 * SECCIÓN is always four digits (read-by-position).
 */
export function wholeSeccion(chosen: string | null, reads: { front: IneFront; seccionWhole: boolean }[], byPosition?: Partial<IneFront>): string | null {
  const whole = [...reads.filter((r) => r.seccionWhole).map((r) => r.front.seccion), byPosition?.seccion].filter((s): s is string => !!s);
  return !chosen || !whole.length || whole.includes(chosen) ? chosen : whole[0]!;
}

/**
 * The CURP of the passes. One that passes its check digit wins (the best pass's first, and first
 * one the card's names fit). When none
 * does (a character misread in every pass, or a card that prints a CURP failing its own check
 * digit, as INE's specimen does), the reading that agrees most with the rest of the card (names,
 * birth date, sex: lib/mx/curp-card-agreement), then one read as a whole word rather than cut out
 * of a longer one, then the one most passes read; it still fails validation downstream. A pass
 * that did not read the CURP's label still offers the words of its shape that fit the card all
 * passes read (lib/mx/curp-card-agreement: its names in one pass, its CURP in another).
 */
export function chooseCurp(reads: { front: IneFront; curpWhole: boolean; curpShapes: string[] }[], card: IneFront): string | null {
  // One the names contradict passed its check digit by chance (one misread in ten does: Tesseract's
  // AXJB530409MVZRCS40 for VAXJ830409MVZRCS40, tune seed 37), where another pass read one they fit.
  const valid = reads.find((r) => validCurp(r.front) && namesFitCurp(r.front.curp!, card)) ?? reads.find((r) => validCurp(r.front));
  if (valid) return valid.front.curp;
  const candidates = [
    ...reads.filter((r) => r.front.curp),
    ...reads.flatMap((r) => r.curpShapes.filter((curp) => curp !== r.front.curp && curpFitsCard(curp, card)).map((curp) => ({ front: { ...r.front, curp }, curpWhole: true }))),
  ];
  const count = (curp: string) => candidates.filter((r) => r.front.curp === curp).length;
  const key = (r: (typeof candidates)[number]) => [curpCardAgreement(r.front.curp!, card), r.curpWhole ? 1 : 0, count(r.front.curp!)];
  // Stable: on a full tie the better-ranked pass's reading stays first.
  const ordered = [...candidates].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    return kb[0]! - ka[0]! || kb[1]! - ka[1]! || kb[2]! - ka[2]!;
  });
  return ordered[0]?.front.curp ?? card.curp ?? null;
}

/**
 * Phones send cards sideways or upside down (EXIF is not always there): the card is read as it
 * came and, when fewer than UPRIGHT_LABELS labels are found, turned a quarter at a time; the turn
 * with most labels wins.
 */
async function upright(reader: IneFrontReader, image: Uint8Array, turns: Turn[], pass: FrontPass): Promise<Read & { labels: number }> {
  let chosen: (Read & { labels: number }) | null = null;
  for (const turn of turns) {
    const words = await reader.read(image, { ...pass, turn });
    const labels = labelsFound(words);
    if (!chosen || labels > chosen.labels) chosen = { words, ...readFrontWords(words), turn, labels };
    if (labels >= UPRIGHT_LABELS) break;
  }
  return chosen!;
}
/**
 * Labels that call a turn upright. A card read the wrong way up reads at most one (fuzzy matching
 * finds one in garbage now and then): on the tune part (seeds 5, 23, 37, 101, 202; 169 cards
 * taken), the 71 cards whose first turn read under five labels (blurred, glared or small,
 * 240–1040 px) read 0 labels turned over on 67 of them and 1 on 4; upright they read 2–4 on 43.
 * Before, the limit was five (half a 2019 front's labels), and a blurred or glared card read
 * upright was read again turned over: a Tesseract read of the whole card (about half a second) on
 * the slowest fronts, for nothing.
 */
const UPRIGHT_LABELS = 2;

/** The best pass (most fields, a valid CURP) with the fields it missed taken from the others, best first. */
function merged(reads: Read[]): IneFront {
  const [best, ...rest] = ranked(reads);
  return rest.reduce((out, r) => fill(out, r.front), best!.front);
}
/** The passes, best first: most fields, a valid CURP counting three. */
const ranked = (reads: Read[]) => [...reads].sort((a, b) => score(b.front) - score(a.front));
const filled = (front: IneFront) => Object.values(front).filter((v) => v !== null).length;
/**
 * The card's birth date: the one printed, its century mended where small type misread it (1080,
 * 1592: no voter's); unread, the one the CURP carries when it passes its check digit and the
 * names and sex do not contradict it (RENAPO: YYMMDD, the century by the differentiator), else
 * the one the clave and the CURP as read agree on (agreedBirthDate).
 */
export function birthDateOf(front: IneFront, now = new Date()): string | null {
  const fromCurp = curpBirthDate(front);
  const printed = front.fecha_nacimiento;
  if (!printed) return fromCurp ?? agreedBirthDate(front, now);
  // A year yet to come is a century misread too: a pass's parse takes a date it did not read from
  // the CURP's, whose century mark small type reads as a letter (INE's redrawn financiera sample,
  // tune seeds 11 and 37: GOVM800705MCLMLAO1, so 2080-07-05). A minor's date stays a minor's: a
  // card that says so is not made an adult's here.
  const born = /^(19|20)/.test(printed) && Number(printed.slice(0, 4)) <= now.getUTCFullYear();
  if (born) return fromCurp && outvoted(printed, fromCurp, front) ? fromCurp : printed;
  // The CURP's date only where it is no later than this year: a CURP whose differentiator is read
  // as a letter (the 2000s) carries the same misread century as the printed date.
  if (fromCurp?.slice(2) === printed.slice(2) && Number(fromCurp.slice(0, 4)) <= now.getUTCFullYear()) return fromCurp;
  // No CURP to say: the 1900s where the 2000s would make a voter under 18, INE's age; else unknown.
  return 2000 + Number(printed.slice(2, 4)) > now.getUTCFullYear() - 18 ? `19${printed.slice(2)}` : null;
}

/**
 * The card prints the birth date on three lines: FECHA DE NACIMIENTO, the CURP and the clave de
 * elector (YYMMDD each). A printed date that the CURP (one passing its check digit that the names
 * do not contradict) and the clave as read (its whole shape, before its grammar takes the printed
 * date) both contradict, alike, was misread: two lines read apart outvote one (tune seed 37, a
 * 285 px card: 24/05/1967 read from 24/06/1967 twice, QUXO670624… and QOXCOS670624… read right).
 */
function outvoted(printed: string, fromCurp: string, front: IneFront): boolean {
  return printed !== fromCurp && claveElectorParts(front.clave_elector)?.born === birthYymmdd(fromCurp);
}

/**
 * The birth date of a CURP that passes its check digit and that the names and sex do not
 * contradict (the names and sex only: a printed date is weighed by birthDateOf, and a clave's,
 * which has no check digit, is the CURP's to mend).
 */
export function curpBirthDate(front: IneFront): string | null {
  return front.curp && validCurp(front) && !contradicted({ ...front, fecha_nacimiento: null, clave_elector: null }) ? (checkCurp(front.curp) as { birthDate: string }).birthDate : null;
}

/**
 * A birth date neither printed (read) nor given by a valid CURP: the YYMMDD that the clave de
 * elector (its whole shape) and the CURP as read both carry, two lines read apart (a blurred card
 * whose names were misread, tune seed 37: CEPM620728… and CRPRMG620728…; a small one whose CURP
 * failed its check digit, seed 101). The century is the CURP's differentiator's (RENAPO: a digit
 * before 2000, a letter after) or, not read, the voter's age's; a date that is no calendar date,
 * or would make the holder under 18, is none.
 */
function agreedBirthDate(front: IneFront, now: Date): string | null {
  const born = claveElectorParts(front.clave_elector)?.born;
  if (!born || front.curp?.slice(4, 10) !== born) return null;
  const [yy, mm, dd] = [0, 2, 4].map((i) => Number(born.slice(i, i + 2))) as [number, number, number];
  const differentiator = front.curp[16] ?? "";
  const adultYear = now.getUTCFullYear() - 18;
  const year = (/\d/.test(differentiator) ? 1900 : /[A-Z]/.test(differentiator) ? 2000 : 2000 + yy > adultYear ? 1900 : 2000) + yy;
  const date = new Date(Date.UTC(year, mm - 1, dd));
  if (year > adultYear || date.getUTCMonth() !== mm - 1 || date.getUTCDate() !== dd) return null;
  return `${year}-${born.slice(2, 4)}-${born.slice(4)}`;
}

/**
 * The card's sex: SEXO as read or, unread (its one letter, alone at the edge of its row, is the
 * first value small type loses), the clave de elector's (lib/mx/clave-elector). Taken only from a
 * clave of its whole shape whose birth date is the card's (printed, or its valid CURP's:
 * birthDateOf), so a clave garbled elsewhere does not give it; the clave is read from another line
 * than the CURP, so a CURP that agrees with it still vouches for a read
 * (lib/mx/curp-card-agreement).
 */
export function sexOf(front: IneFront): IneFront["sexo"] {
  const clave = claveElectorParts(front.clave_elector);
  // The sex is on three lines too (SEXO, the CURP's 11th letter, the clave's 15th): SEXO read
  // against a CURP that passes its check digit and the clave as read, both alike, was misread (tune
  // seed 37, a 278 px card: M read for H). Both are read apart from SEXO and from each other.
  const curpSex = validCurp(front) ? front.curp![10] : null;
  if (front.sexo) return curpSex && curpSex !== front.sexo && clave?.sex === curpSex ? curpSex : front.sexo;
  return clave && front.fecha_nacimiento && birthYymmdd(front.fecha_nacimiento) === clave.born ? clave.sex : null;
}

/**
 * The card's ESTADO: the entidad its address ends with (estadoOfAddress), on a front that prints an
 * EMISIÓN (the 2014–2019 fronts, whose ESTADO is the address's entidad; the 2019 front prints
 * neither ESTADO nor EMISIÓN), else as read. Two small digits at the bottom are what a narrow card
 * loses first, the entidad's name is a long word the address's own mending spells whole: on the
 * tune part's dumps (narrow cards of six seeds, seeds 11 and 37 whole) the address gave the ESTADO
 * left unread 16 times, right each time, and where the two disagreed the address was right 2 of 2.
 */
export function estadoOf(front: IneFront): string | null {
  const fromAddress = front.anio_emision && front.domicilio ? estadoOfAddress(front.domicilio) : null;
  return fromAddress ?? front.estado;
}

/**
 * The card's year of issue. INE issues a credential for ten years counted from the year of its
 * emisión (INE: "tendrá una vigencia de 10 años, contados a partir del año de su Emisión"; the
 * 2019 front prints the two as one range, «2019 - 2029»). An emisión read at or after the
 * vigencia, or after this year, is not the card's (small type read 2017 as 2027, or EMISIÓN's
 * row took the vigencia's year): it is the vigencia less ten where that is no earlier than the
 * año de registro and not after this year, else it stays as read.
 */
export function emisionOf(front: IneFront, now = new Date()): string | null {
  const { anio_emision: emision, vigencia, anio_registro: registro } = front;
  if (!emision || !vigencia) return emision;
  const thisYear = now.getUTCFullYear();
  if (Number(emision) < Number(vigencia) && Number(emision) <= thisYear) return emision;
  const issued = Number(vigencia) - 10;
  return issued >= Number(registro ?? 0) && issued <= thisYear ? String(issued) : emision;
}

const NAME_LINES = ["nombres", "primer_apellido", "segundo_apellido"] as const;
/**
 * A name line the card's valid CURP (or its clave, with one) contradicts (nameDisagreements)
 * replaced by the line as another reading gave it (a pass's, the read by position's, best first) where they
 * contradict that one in nothing. The 2019 front prints NOMBRE above the names, and small type
 * misreads it (NOVENE, NOVERE: tune seeds 5 and 23) into a name line that pushes the block down;
 * the read by position, which places the lines by where the layout prints them, had the surname
 * right. Each line on its own: a reading that has one line right may have another wrong (LETICA).
 */
export function namesTheCardAgrees(front: IneFront, others: Partial<IneFront>[]): IneFront {
  // The clave alone gives one letter of each name: a clave misread (MVLAIR… for GMVLMR…) made a
  // pass's MARGARITA the first surname of INE's specimen (tune seed 37). The CURP gives three.
  if (!validCurp(front)) return front;
  const out = { ...front };
  for (const field of NAME_LINES) {
    if (!out[field] || nameDisagreements(out, field) === 0) continue;
    const agreeing = others.map((o) => o[field]).find((v) => !!v && v !== out[field] && nameDisagreements({ ...out, [field]: v }, field) === 0);
    if (agreeing) out[field] = agreeing;
  }
  return withFullName(out);
}

/**
 * Tesseract reads a Ñ and the narrow letter after it as one glyph (IÑIGO as IÑGO: every
 * Tesseract pass of a sandbox card in the tune part, and IÑIGUEZ is a common surname), while
 * Paddle's recogniser reads every letter but has no Ñ (INIGO). A name line with a Ñ that is one
 * of Paddle's lines with that letter lost after the Ñ gets it back. Where no Paddle line does (its
 * pass did not run: tune seed 5, a 2023 front in glare read whole by Tesseract's first pass), a Ñ
 * before a consonant takes back the I: Spanish writes a vowel after every Ñ («ña», «ñe», «ñi», «ño»,
 * «ñu»: it needs one to be said, and no Spanish word ends in it; okdiario.com, 2026-02-13, on the
 * one letter that never ends a Spanish word), and the I is the narrow letter that merges with it
 * (IÑIGO, IÑIGUEZ, MUÑIZ, ZUÑIGA).
 */
export function tildesWithTheirLetters(front: IneFront, paddleFronts: IneFront[]): IneFront {
  const out = { ...front };
  for (const field of NAME_LINES) {
    const read = out[field];
    const whole = read && paddleFronts.map((p) => letterAfterTilde(read, p[field])).find(Boolean);
    if (whole) out[field] = whole;
    else if (read) out[field] = read.replace(/Ñ(?=[B-DF-HJ-NP-TV-Z])/g, "ÑI");
  }
  return withFullName(out);
}

/** The full name rebuilt from its three lines once each has been read; as it was otherwise. */
function withFullName(front: IneFront): IneFront {
  if (!NAME_LINES.every((k) => front[k])) return front;
  return { ...front, nombre_completo: `${front.nombres} ${front.primer_apellido} ${front.segundo_apellido}` };
}

function letterAfterTilde(read: string, paddle: string | null): string | null {
  if (!paddle || paddle.length !== read.length + 1 || /Ñ/.test(paddle)) return null;
  for (let i = read.indexOf("Ñ"); i >= 0; i = read.indexOf("Ñ", i + 1)) {
    const candidate: string = read.slice(0, i + 1) + paddle[i + 1] + read.slice(i + 1);
    if (candidate.replace(/Ñ/g, "N") === paddle) return candidate;
  }
  return null;
}

/**
 * Of the valid CURPs the passes read, the one the card's other lines (names, birth date, sex:
 * lib/mx/curp-card-agreement) agree with most; the card's own CURP unless another agrees strictly
 * more. Only between valid ones: an invalid CURP is the grammar's and the repair's to mend.
 */
export function curpTheCardAgrees(card: IneFront, read: (string | null)[]): string | null {
  if (!validCurp(card)) return card.curp;
  let best = card.curp!;
  for (const curp of new Set(read)) {
    if (curp && checkCurp(curp).valid && curpCardAgreement(curp, card) > curpCardAgreement(best, card)) best = curp;
  }
  return best;
}

/**
 * A CURP one of whose characters up to the sex is not the one the card's names, birth date or sex
 * give, or whose century (its differentiator's) is not the printed date's: GOVM800705MCLMELR0 (an
 * E read into the specimen's consonants) passes its check digit, born 2080 by its R.
 */
function contradicted(front: IneFront): boolean {
  const checked = checkCurp(front.curp!);
  if (checked.valid && front.fecha_nacimiento && checked.birthDate !== front.fecha_nacimiento) return true;
  return [...curpExpectedFromCard(front)].some(([i, c]) => i <= 10 && front.curp![i] !== c);
}
/** A CURP none read, one failing its check digit, or one the card's other lines contradict: the grammar's to read again. */
const untrustedCurp = (front: IneFront) => !validCurp(front) || contradicted(front);
const validCurp = (front: IneFront) => !!front.curp && checkCurp(front.curp).valid;
const score = (front: IneFront) => filled(front) + (validCurp(front) ? 3 : 0);

// Every front prints these (estado, municipio, localidad only up to 2019; emisión's count not on
// 2014 fronts): with all of them and a valid CURP another pass has nothing to add.
const EVERY_FRONT = ["nombres", "primer_apellido", "segundo_apellido", "curp", "clave_elector", "fecha_nacimiento", "sexo", "seccion", "vigencia", "domicilio", "anio_registro"] as const;
// The 2019 front prints no EMISIÓN either (its year opens the VIGENCIA range, «2022 - 2032»):
// waiting for one made every pass run on every 2019 front. Known as SEXO_2019's caller knows it,
// by no ESTADO, MUNICIPIO or LOCALIDAD read.
const is2019 = (front: IneFront) => !front.estado && !front.municipio && !front.localidad;
// A name line the valid CURP contradicts is not read yet: another pass may read it so that they
// agree (namesTheCardAgrees; tune seed 37, a 426 px 2019 front whose NOMBRE label was read as the
// first surname, NEA, the passes stopping on it). A name's N is the CURP's X there: a Ñ a pass
// read without its tilde, which the lexicon gives back, is no reason for another pass.
const complete = (front: IneFront) => validCurp(front) && everyFieldRead(front) && namesFitCurp(front.curp!, front);
/**
 * Every field but the CURP read, and the address whole: an address a line of which ends on INT.
 * or NO. without its number (address-vote: cutShort) is read on by the next pass, as a field
 * missing would be (tune seed 37: the passes stopped on «C PITAGORAS 1253 INT» once SECCIÓN was
 * read sooner, and the pass that read «INT. 4» no longer ran). So is an address of one line: INE
 * prints at least two, the street and the municipio or estado (tune seed 5: glare over a 2014
 * front's last lines left «C INDEPENDENCIA 3834», and the passes stopped on it).
 */
const everyFieldRead = (front: IneFront) =>
  EVERY_FRONT.every((k) => k === "curp" || front[k] !== null) && !addressCutShort(front.domicilio!) && front.domicilio!.includes(",") && (front.anio_emision !== null || is2019(front));

/**
 * A front whose CURP no pass can make valid because the card prints it so: every other field read,
 * and two passes read the same CURP, one that fails its check digit or is a letter or two short
 * (lib/mx/ine-front: shortCurp). Small type misreads a CURP differently from pass to pass; one
 * read alike twice is printed so (INE's specimens: GOVM800705MCLMLR01, GOVM800705MCLR01), and
 * the passes after it read it alike again: before, every such front ran all five passes.
 * Once Paddle's pass has run (`afterPaddle`), one reading is enough when it fails its check digit
 * alone and every letter the names, the birth date and the sex fix is its own
 * (curpVouchedByCard): another pass can only read its state, differentiator or check digit
 * otherwise, and the grammar decode after the passes reads those from Paddle's boxes under the
 * check digit. The specimen fronts, whose CURP fails its own check digit, were the slowest
 * pictures, Tesseract reading them three and four times over while Paddle had read the CURP as
 * printed: on the tune part's specimen pictures (seeds 5, 11, 37) Tesseract card reads went
 * 69 → 63, 66 → 65 and 61 → 56 with it, and no field changed.
 */
export function settled(front: IneFront, reads: { front: IneFront }[], afterPaddle = false): boolean {
  if (!everyFieldRead(front)) return false;
  const curps = reads.map((r) => r.front.curp).filter((c): c is string => !!c && !checkCurp(c).valid);
  return curps.some((c, i) => curps.indexOf(c) !== i) || (afterPaddle && curps.some((c) => curpVouchedByCard(c, front)));
}

/**
 * The fields the labels left empty taken from where the layout prints them
 * (lib/adapters/ocr/read-by-position: each value there passed its grammar). The name's three
 * lines only together, and only when no line of it was placed by label.
 */
export function fillByPosition(front: IneFront, byPosition: Partial<IneFront>): IneFront {
  const out = { ...front };
  const names = ["nombres", "primer_apellido", "segundo_apellido", "nombre_completo"] as const;
  for (const [key, value] of Object.entries(byPosition) as [keyof IneFront, string][]) {
    if (value && out[key] === null && !(names as readonly string[]).includes(key)) (out as Record<string, unknown>)[key] = value;
  }
  if (names.every((k) => front[k] === null) && byPosition.nombre_completo) for (const k of names) out[k] = byPosition[k]!;
  return out;
}

/**
 * `front` with its empty fields taken from `other`; the name's three lines only together; its CURP
 * `other`'s valid one where its own fails its check digit, or passes it by chance with the names
 * contradicting it while they fit `other`'s (chooseCurp: the passes then stop on the CURP the
 * answer takes, where every pass ran before).
 */
function fill(front: IneFront, other: IneFront): IneFront {
  const out = { ...front } as Record<keyof IneFront, unknown>;
  for (const [key, value] of Object.entries(other) as [keyof IneFront, unknown][]) if (out[key] === null) out[key] = value;
  if (!front.nombre_completo && other.nombre_completo) Object.assign(out, { nombres: other.nombres, primer_apellido: other.primer_apellido, segundo_apellido: other.segundo_apellido, nombre_completo: other.nombre_completo });
  if (front.curp && validCurp(other) && (!validCurp(front) || (!namesFitCurp(front.curp, out as IneFront) && namesFitCurp(other.curp!, out as IneFront)))) out.curp = other.curp;
  return out as IneFront;
}
