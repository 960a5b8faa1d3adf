import { birthYymmdd, claveAgreesWithCurp } from "@/lib/mx/clave-elector";
import { checkCurp, failsOnlyCheckDigit } from "@/lib/mx/curp";
import { COMMON_FIRST_NAMES, curpCardAgreement, curpExpectedFromCard, curpNameWords, NAME_PARTICLES } from "@/lib/mx/curp-card-agreement";
import { CLAVE_PATTERN, CURP_PATTERN, repair, SHORT_CLAVE_PATTERN, type IneFront, type OcrWord } from "@/lib/mx/ine-front";
import { claveGrammar, curpGrammar, decodeWithGrammar, type Grammar, type Lattice } from "./ctc-grammar";
import type { PaddleWord } from "./paddle-ocr";
import { greedyText } from "./small-type";

/**
 * How much less likely than the greedy reading a grammar's reading of a box may be, in nats over
 * the value's steps. A character the recogniser's second choice gets right costs log(p1/p2) on
 * each step it spans (one to three at 48 px high): about 1–2.5 nats for a near tie. The margin
 * takes about two such characters and refuses a reading that rewrites a box. On the tune part
 * (seeds 11 and 23, every box's reading logged) the right readings cost 0.3–3.6 nats, the wrong
 * ones that the card's agreement would not already refuse 5.4 and more.
 */
export const GRAMMAR_MARGIN = 5;

/**
 * The lattices of the Paddle boxes behind the words, each once, with the box's text (the greedy
 * reading, or Tesseract's reread where it spells the same letters) and Tesseract's reread where it
 * did not (paddle-front-reader's hybrid reader).
 */
export function boxLattices(words: OcrWord[]): { lattice: Lattice; text: string; reread?: string; second?: Lattice }[] {
  const byLattice = new Map<Lattice, { texts: string[]; reread?: string; second?: Lattice }>();
  for (const w of words as PaddleWord[]) {
    if (!w.lattice) continue;
    const box = byLattice.get(w.lattice) ?? { texts: [], reread: w.reread, second: w.second };
    box.texts.push(w.text);
    byLattice.set(w.lattice, box);
  }
  return [...byLattice].map(([lattice, { texts, reread, second }]) => ({ lattice, text: texts.join(""), ...(reread ? { reread } : {}), ...(second ? { second } : {}) }));
}

/** The values of the grammar in boxes whose greedy text holds a run of `length` letters and digits or more, within the margin. */
function readings(words: OcrWord[], grammar: Grammar, length: number, margin = GRAMMAR_MARGIN): { value: string; cost: number }[] {
  const out: { value: string; cost: number }[] = [];
  const run = new RegExp(`[A-Z0-9]{${length},}`);
  for (const { lattice, text, second } of boxLattices(words)) {
    if (!run.test(text.toUpperCase().replace(/\s+/g, ""))) continue;
    // The box as Paddle's recogniser reads it, and as the small-type one does (small-type.ts).
    for (const each of second ? [lattice, second] : [lattice]) {
      const read = decodeWithGrammar(each, grammar);
      if (read && read.greedyLogp - read.logp <= margin) out.push({ value: read.value, cost: read.greedyLogp - read.logp });
    }
  }
  return out.sort((a, b) => a.cost - b.cost);
}

/**
 * The CURP read under its grammar (lib/adapters/ocr/ctc-grammar: RENAPO's shape and the check
 * digit) from the boxes that hold a CURP-like run, with the characters the rest of the card gives
 * up to the sex (names' letters, birth date, sex: lib/mx/curp-card-agreement; the names' four
 * letters and the date must be given) taken as given: the cheapest such reading within the margin. It replaces `current` only where that is no CURP, or
 * one the card agrees with less, or one that is not even of a CURP's shape (a date, a state
 * code): a CURP of the right shape that fails only its check digit and that the card agrees with
 * as much is kept, as INE's specimen prints one.
 */
export function grammarCurp(words: OcrWord[], card: IneFront, current: string | null): string | null {
  const fixed = new Map([...curpExpectedFromCard(card)].filter(([i]) => i <= 10));
  // As curpFitsCard asks: the card gives the four name letters and the birth date. Without them a
  // specimen's printed CURP, which fails its check digit, was "read" into one that passes it with
  // one letter changed (tune part, seed 11: NOVM800705MCLMLR01 on a photo whose names were unread).
  if (![0, 1, 2, 3, 4, 9].every((i) => fixed.has(i))) return null;
  const floor = current ? curpCardAgreement(current, card) : -Infinity;
  const shaped = !!current && failsOnlyCheckDigit(current);
  const fits = (curp: string) => checkCurp(curp).valid && (shaped ? curpCardAgreement(curp, card) > floor : curpCardAgreement(curp, card) >= floor);
  const checkedRead = readings(words, curpGrammar(fixed), 14).find((r) => fits(r.value));
  if (checkedRead) return checkedRead.value;
  // None passes its check digit: one that fails only it, read almost as greedy decoding reads it,
  // and that is everything the card says (the inner consonants too), as INE's specimen prints
  // (GOVM800705MCLMLR01: on small cards Paddle loses a letter of it, or a valid CURP is cut out of
  // a longer run, OVMB800705MCLMLR01, and the specimen's own came back null or wrong).
  const expected = curpExpectedFromCard(card);
  const whole = (curp: string) => [...expected].every(([i, c]) => curp[i] === c) && failsOnlyCheckDigit(curp);
  return readings(words, curpGrammar(fixed, false), 14, UNCHECKED_MARGIN).find((r) => whole(r.value) && curpCardAgreement(r.value, card) > floor)?.value ?? null;
}
// Without the check digit to vouch for it, a reading may cost less than one near tie over greedy decoding.
export const UNCHECKED_MARGIN = 1.5;

/**
 * The card's clave de elector, read again under its grammar from the boxes that hold a clave-like
 * run when it is not of a clave's shape (or none was read), its birth date is not the card's or
 * its letters are not the ones its valid CURP gives (claveLetters): with the card's birth date
 * (printed, or its valid CURP's: the card must give one), its sex and those letters taken as
 * given, or, where no reading spells them, the date and sex alone. Otherwise the clave as it was.
 */
export function grammarClave(words: OcrWord[], card: IneFront): string | null {
  const current = card.clave_elector;
  const born = (card.fecha_nacimiento ? birthYymmdd(card.fecha_nacimiento) : null) ?? (card.curp && checkCurp(card.curp).valid ? card.curp.slice(4, 10) : null);
  // Without a birth date to hold it to, a garbled clave's letters were "read" into other letters
  // (tune part, seed 23: CBOZIM53103124H810 for IBDZTM53103124H810).
  if (!born) return current;
  const letters = claveLetters(card);
  const dated = !!current && claveShaped(current) && current.slice(6, 12) === born;
  if (dated && [...letters].every(([i, c]) => current[i] === c)) return current;
  const given = new Map([...born].map((d, i) => [6 + i, d]));
  if (card.sexo === "H" || card.sexo === "M") given.set(14, card.sexo);
  const read = readings(words, claveGrammar(new Map([...given, ...letters])), 14)[0] ?? (dated ? null : readings(words, claveGrammar(given), 14)[0]);
  if (read) return read.value;
  // The card's birth date carried by a CURP that passes its check digit, a clave of the full shape
  // a digit or two off it takes it: INE builds the clave's YYMMDD from the same birth date (tune
  // part, seed 11: ZXCSRC96071603M362 on a card born 1998-07-16, the 8 read 6 too surely for the
  // grammar's margin).
  const vouched = !!card.curp && checkCurp(card.curp).valid && card.curp.slice(4, 10) === born;
  const off = current && shapedAs(current, CLAVE_PATTERN) ? [...born].filter((d, i) => current[6 + i] !== d).length : Infinity;
  return vouched && off <= 2 ? `${current!.slice(0, 6)}${born}${current!.slice(12)}` : current;
}

/**
 * The clave's six letters the card's CURP gives, by position, when it passes its check digit:
 * each name's first letter and its first consonant after it (INE's rule, seen on every card of
 * the tune part: GOMEZ VELAZQUEZ MARGARITA GMVLMR, REYES RY, ZUÑIGA ZX), which the CURP
 * carries at 1, 3, 4 and 14–16. Taken from the CURP, not the names as read: before the lexicon, a
 * name misread (RAMIREZ as RANIREZ) made a clave's right M an N. The given name's two only when
 * the CURP's is the first of the names (not after MARIA or JOSE, which RENAPO skips and INE does
 * not: JOSE ANGEL is JS), and a surname opening with a particle (DE LA CRUZ; RENAPO's list,
 * lib/mx/curp-card-agreement NAME_PARTICLES) gives none. The names are spelt as the CURP spells them.
 */
export function claveLetters(card: Pick<IneFront, "primer_apellido" | "segundo_apellido" | "nombres" | "curp">): Map<number, string> {
  const out = new Map<number, string>();
  const curp = card.curp;
  if (!curp || !checkCurp(curp).valid) return out;
  const first = (name: string | null) => curpNameWords(name)[0] ?? "";
  const [primer, segundo, nombre] = [card.primer_apellido, card.segundo_apellido, card.nombres].map(first);
  // Each name k: whether the CURP gives its letters, and the CURP's places that carry them.
  const names: [boolean, number, number][] = [
    [!NAME_PARTICLES.has(primer!), 0, 13],
    [!NAME_PARTICLES.has(segundo!), 2, 14],
    [!!nombre && !COMMON_FIRST_NAMES.has(nombre) && nombre[0] === curp[3], 3, 15],
  ];
  names.forEach(([given, initial, consonant], k) => {
    if (given) out.set(2 * k, curp[initial]!).set(2 * k + 1, curp[consonant]!);
  });
  return out;
}

// A value of the pattern's shape as it is (lib/mx/ine-front repair changes nothing in it); a clave
// of either shape INE prints, the full one or the shorter one of some fronts.
const shapedAs = (value: string, pattern: string) => repair(value, pattern) === value;
const claveShaped = (value: string) => shapedAs(value, CLAVE_PATTERN) || shapedAs(value, SHORT_CLAVE_PATTERN);

/**
 * What the small-type recogniser (small-type.ts) reads, as it reads it (its greedy path, no
 * grammar), in the boxes that hold a coded line: the CURPs that pass their check digit and the
 * claves de elector of their shape. They are reads of the card like a pass's: on small cards it
 * reads the CURP right where Paddle loses a character of it (tune part, HESI040414HNTRTXH7 read
 * HES840AI4HATR1D0H7 by Paddle at 248 px).
 */
export function smallTypeReads(words: OcrWord[]): { curps: string[]; claves: string[] } {
  const curps = new Set<string>();
  const claves = new Set<string>();
  for (const { second } of boxLattices(words)) {
    if (!second) continue;
    const text = greedyText(second).replace(/\s+/g, "");
    for (let i = 0; i + 18 <= text.length; i++) {
      const run = text.slice(i, i + 18);
      if (shapedAs(run, CURP_PATTERN) && checkCurp(run).valid) curps.add(run);
      if (shapedAs(run, CLAVE_PATTERN)) claves.add(run);
    }
  }
  return { curps: [...curps], claves: [...claves] };
}

/**
 * A CURP read as it is printed (a pass's or the small-type recogniser's, passing its check digit)
 * that a clave de elector read as printed agrees with in its thirteen shared characters
 * (claveAgreesWithCurp): two lines read apart, each by itself, naming the same person. It is the
 * card's CURP even where the names as read contradict it (a small card's ITZEL read MZA), since
 * the names' letters are what small type loses first.
 */
export function curpBackedByClave(curps: readonly (string | null)[], claves: readonly string[]): string | null {
  return curps.find((curp) => !!curp && claves.some((clave) => claveAgreesWithCurp(clave, curp))) ?? null;
}
