import { checkCurp } from "@/lib/mx/curp";
import { curpCardAgreement, curpExpectedFromCard } from "@/lib/mx/curp-card-agreement";
import type { IneFront, OcrWord } from "@/lib/mx/ine-front";
import { CLAVE_GRAMMAR, curpGrammar, decodeWithGrammar, type Grammar, type Lattice } from "./ctc-grammar";
import type { PaddleWord } from "./paddle-ocr";

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
export function boxLattices(words: OcrWord[]): { lattice: Lattice; text: string; reread?: string }[] {
  const byLattice = new Map<Lattice, { texts: string[]; reread?: string }>();
  for (const w of words as PaddleWord[]) {
    if (!w.lattice) continue;
    const box = byLattice.get(w.lattice) ?? { texts: [], reread: w.reread };
    box.texts.push(w.text);
    byLattice.set(w.lattice, box);
  }
  return [...byLattice].map(([lattice, { texts, reread }]) => ({ lattice, text: texts.join(""), ...(reread ? { reread } : {}) }));
}

/** The values of the grammar in boxes whose greedy text holds a run of `length` letters and digits or more, within the margin. */
function readings(words: OcrWord[], grammar: Grammar, length: number): { value: string; cost: number }[] {
  const out: { value: string; cost: number }[] = [];
  const run = new RegExp(`[A-Z0-9]{${length},}`);
  for (const { lattice, text } of boxLattices(words)) {
    if (!run.test(text.toUpperCase().replace(/\s+/g, ""))) continue;
    const read = decodeWithGrammar(lattice, grammar);
    if (read && read.greedyLogp - read.logp <= GRAMMAR_MARGIN) out.push({ value: read.value, cost: read.greedyLogp - read.logp });
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
  const checked = current ? checkCurp(current) : null;
  const shaped = !!checked && !checked.valid && (checked as { reason: string }).reason === "check_digit";
  const fits = (curp: string) => checkCurp(curp).valid && (shaped ? curpCardAgreement(curp, card) > floor : curpCardAgreement(curp, card) >= floor);
  return readings(words, curpGrammar(fixed), 14).find((r) => fits(r.value))?.value ?? null;
}

/**
 * The card's clave de elector, read again under its grammar from the boxes that hold a clave-like
 * run when it is not of a clave's shape (or none was read) or its birth date is not the card's:
 * taken when its birth date is the card's (printed, or its valid CURP's: the card must give one)
 * and its H/M the card's sex. Otherwise the clave as it was.
 */
export function grammarClave(words: OcrWord[], card: IneFront): string | null {
  const current = card.clave_elector;
  const born = card.fecha_nacimiento?.slice(2).replace(/-/g, "") ?? (card.curp && checkCurp(card.curp).valid ? card.curp.slice(4, 10) : null);
  // Without a birth date to hold it to, a garbled clave's letters were "read" into other letters
  // (tune part, seed 23: CBOZIM53103124H810 for IBDZTM53103124H810).
  if (!born || (current && CLAVE_SHAPE.test(current) && current.slice(6, 12) === born)) return current;
  const fits = (clave: string) => clave.slice(6, 12) === born && (!card.sexo || clave[14] === card.sexo);
  return readings(words, CLAVE_GRAMMAR, 14).find((r) => fits(r.value))?.value ?? current;
}

// The clave's shape, or the shorter one some fronts print (lib/mx/ine-front SHORT_CLAVE_PATTERN).
const CLAVE_SHAPE = /^[A-Z]{6}\d{7,8}[HM]\d{3}$/;
