import { checkCurp, curpAsCardsPrint } from "@/lib/mx/curp";
import { claveLetterAgrees, claveLettersOf } from "@/lib/mx/clave-elector";
import { curpExpectedFromCard, sameAsCard } from "@/lib/mx/curp-card-agreement";
import { nameLine, type IneFront, type OcrWord } from "@/lib/mx/ine-front";
import { decodeWithGrammar } from "./ctc-grammar";
import { boxLattices } from "./grammar-readings";
import { compileLexicon, latticeLetters, lexiconSettings, lexiconWords, nameLexicon, PARTICLES, spellFromLexicon, type NameLexicon } from "./name-lexicon";
import { sameLetters } from "./paddle-front-reader";

/**
 * How much less likely than the greedy reading of a name's box its lexicon reading may be, in
 * nats over the box's steps (as GRAMMAR_MARGIN for the CURP, lib/adapters/ocr/grammar-readings).
 * Checked against the costs logged on the tune part only (bench:identity --part tune, small
 * kinds, seeds 11, 23, 37, 20261123, RUBRICA_LEXICON_LOG=1): right readings cost 0.4–4.4 nats
 * (three more 6.3–7.2); with each picture's own names left out of the lexicon, wrong readings of
 * names it lacks cost 3.3 and more, and at 5 one field read right was lost (SOFIA → SORIA)
 * against 21 gained with the lexicon whole (README, identity bench). The CURP's 5 is kept.
 */
export const NAME_MARGIN = 5;

const FIELDS = ["primer_apellido", "segundo_apellido", "nombres"] as const;
type NameField = (typeof FIELDS)[number];

// The CURP's characters each name gives (lib/mx/curp-card-agreement: first letter, first inner
// vowel, first inner consonant) and the clave de elector's letter each name opens (LLLLLL: two
// letters of each name, first surname first; bench/synthetic-people and INE's specimen, GOMEZ
// VELAZQUEZ MARGARITA → GMVLMR).
const CURP_AT: Record<NameField, number[]> = { primer_apellido: [0, 1, 13], segundo_apellido: [2, 14], nombres: [3, 15] };
const CLAVE_AT: Record<NameField, number> = { primer_apellido: 0, segundo_apellido: 2, nombres: 4 };
const CLAVE_LETTERS = /^[A-Z]{6}\d/;

/** How many of the letters a name gives the card's valid CURP and its clave contradict. */
export function nameDisagreements(card: IneFront, field: NameField): number {
  let count = againstCurp(card, field, card.curp && checkCurp(card.curp).valid ? card.curp : null, false);
  const clave = card.clave_elector;
  const name = card[field];
  if (clave && CLAVE_LETTERS.test(clave) && name) {
    // The clave's letter of a given name MARIA JOSE may be either word's (RENAPO skips MARIA and
    // JOSE in the CURP; whether the clave does is not in the rules at hand): either is taken.
    const firsts = latticeLetters(name).length ? name.split(/\s+/).map((w) => latticeLetters(w)[0]) : [];
    const allowed = field === "nombres" ? firsts.slice(0, 2) : firsts.slice(0, 1);
    if (!allowed.includes(clave[CLAVE_AT[field]])) count++;
  }
  return count;
}

/** How many of the CURP's letters a name gives (CURP_AT) `curp` contradicts; with `ñ`, a name's N may stand for its X (sameAsCard). */
function againstCurp(card: IneFront, field: NameField, curp: string | null, ñ: boolean): number {
  if (!curp) return 0;
  const expected = curpExpectedFromCard(card);
  return CURP_AT[field].filter((i) => expected.has(i) && !(ñ ? sameAsCard(curp, expected, i) : expected.get(i) === curp[i])).length;
}

/**
 * How much less likely than the greedy reading a lexicon reading may be where the card's other
 * lines corroborate it (lettersAsPrinted): it agrees with a letter of the CURP or clave that the
 * line as read contradicts, an independent reading of the same name. On the tune part's narrow cards
 * (small and small_photo kinds, seeds 5, 11, 23, 37, 101, 202, RUBRICA_LEXICON_LOG=1) the right
 * corroborated readings cost up to 8.3 nats (GOWE → GOMEZ 6.0, WUAE → MUÑOZ 5.5, HCOROUER →
 * RODRIGUEZ 8.3), and with each picture's own names left out of the lexicon the wrong ones cost 9.0
 * and more (MUNOZ → MUÑIZ 9.0, RODRIQUEZ 11.7, GAMEZ 14.6). Below that, NAME_MARGIN holds.
 */
export const CORROBORATED_NAME_MARGIN = 8.5;

/**
 * How many of the letters a name gives the CURP and the clave, as the card prints them, contradict:
 * the CURP's (againstCurp) where it fails at most its check digit (INE's specimen prints one that
 * fails it: `printedCurp`, curpAsPrinted), the clave's two (its first letter and first consonant
 * after it, claveLettersOf); a name's N may stand for their X (the card's Ñ). Null where the name
 * opens with a particle, whose letters INE's rules for them (which we have not seen) decide.
 */
function lettersAsPrinted(card: IneFront, field: NameField, printedCurp: string | null): number | null {
  const mine = claveLettersOf(card[field]);
  if (!mine) return null;
  const clave = card.clave_elector && CLAVE_LETTERS.test(card.clave_elector) ? card.clave_elector.slice(CLAVE_AT[field], CLAVE_AT[field] + 2) : "";
  const againstClave = [...clave].filter((c, i) => !claveLetterAgrees(mine[i]!, c)).length;
  return againstCurp(card, field, printedCurp, true) + againstClave;
}

/** The card's CURP where it is valid or fails only its check digit, else null (lettersAsPrinted). */
function curpAsPrinted(curp: string | null | undefined): string | null {
  return curp && curpAsCardsPrint(curp) ? curp : null;
}

/** Whether the card's CURP or clave, as printed, agree with `candidate`'s line in a letter they contradict in `card`'s. */
function corroborated(candidate: IneFront, card: IneFront, field: NameField, printedCurp: string | null): boolean {
  const [now, before] = [lettersAsPrinted(candidate, field, printedCurp), lettersAsPrinted(card, field, printedCurp)];
  return now !== null && before !== null && now < before;
}

/**
 * The card's three name lines read again from Paddle's boxes under the lexicon of Mexican names
 * (lib/adapters/ocr/name-lexicon). A line is read again only where it is not already a sequence of
 * the lexicon's words, from the box whose greedy text spells the line; the lexicon's reading
 * replaces it when it is within NAME_MARGIN of the greedy path (CORROBORATED_NAME_MARGIN where the
 * CURP or clave as printed agree with it in a letter they contradict the line in) and the card's
 * valid CURP and clave contradict it no more than they did the line as read (a rare name the lexicon lacks, that the
 * CURP vouches for, stays). The line is written as the lexicon spells it (capitals, no accents, Ñ
 * kept, as INE prints), or as Tesseract reread the box where that spells the same letters (its
 * accents: the sandbox's cards print them). A line already of lexicon words is only spaced or
 * given its Ñ; then a line the valid CURP or clave still contradicts is read under what they spell
 * (curpNamed).
 */
export async function lexiconNames(words: OcrWord[], card: IneFront): Promise<IneFront> {
  if (!lexiconSettings.enabled || FIELDS.every((f) => !card[f])) return card;
  const lexicon = await nameLexicon();
  let out = card;
  const boxes = boxLattices(words);
  const printedCurp = curpAsPrinted(card.curp); // the name lines are all this rereads
  for (const field of FIELDS) {
    const read = out[field];
    if (!read) continue;
    const glued = lexiconWords(read, lexicon);
    if (glued) {
      // Lexicon words with a space lost (JOSEANGEL): spaced where that is what the CURP and clave
      // say. Words the lexicon spells only with a Ñ (MONTANO → MONTAÑO): spelt so, as a lexicon
      // reading is (Paddle has no Ñ, Tesseract's reread often loses it on small type).
      const split = glued.length > read.split(/\s+/).length;
      const spelt = split ? glued.join(" ") : glued.map((w) => lexicon.words.get(w)!).join(" ");
      const tildes = (t: string) => t.split("Ñ").length;
      const spaced = { ...out, [field]: respell(read, spelt) };
      if (split ? nameDisagreements(spaced, field) < nameDisagreements(out, field) : tildes(spelt) > tildes(read) && nameDisagreements(spaced, field) <= nameDisagreements(out, field)) out = spaced;
      continue;
    }
    const letters = latticeLetters(read);
    let best: { value: string; cost: number; reread?: string } | null = null;
    for (const box of boxes) {
      if (latticeLetters(box.text) !== letters) continue;
      const reading = decodeWithGrammar(box.lattice, lexicon.grammar);
      const value = reading && spellFromLexicon(reading.value, lexicon);
      if (!reading || !value) continue;
      const cost = reading.greedyLogp - reading.logp;
      if (!best || cost < best.cost) best = { value, cost, reread: box.reread };
    }
    if (!best || latticeLetters(best.value) === letters) continue;
    // Small type loses letters (a one-pixel I, a Ñ's tilde) or swaps them; it does not add them
    // (the misreads issue 24 lists, the tune part's logs): a reading with fewer letters than the
    // line, cheap in CTC where a character's steps go to the blank, is a word of the lexicon
    // squeezed out of another name (ADRIAN read ADRGAN → ADAN). Nor does a line end in a
    // particle (DE, DEL, Y, MA come before a name: HERNANDEZ → HERNAN DEL, MAREL → MA DEL).
    const plausible = latticeLetters(best.value).length >= letters.length && !PARTICLES.includes(best.value.split(" ").at(-1)!);
    const value = best.reread && sameLetters(best.reread, best.value) ? (nameLine(best.reread) ?? best.value) : best.value;
    const candidate = { ...out, [field]: value };
    const agrees = nameDisagreements(candidate, field) <= nameDisagreements(out, field);
    const backed = corroborated(candidate, out, field, printedCurp);
    const taken = plausible && agrees && best.cost <= (backed ? CORROBORATED_NAME_MARGIN : NAME_MARGIN);
    lexiconSettings.log?.({ field, read, reading: value, cost: best.cost, plausible, agrees, taken, corroborated: backed });
    if (taken) out = candidate;
  }
  for (const field of FIELDS) out = curpNamed(out, field, boxes, lexicon);
  if (out === card) return card;
  const { nombres, primer_apellido, segundo_apellido } = out;
  return { ...out, nombre_completo: nombres && primer_apellido && segundo_apellido ? `${nombres} ${primer_apellido} ${segundo_apellido}` : out.nombre_completo };
}

/**
 * How much less likely than the greedy reading of a name's box a reading the card's valid CURP
 * spells may be (curpNamed): NAME_MARGIN's. On the tune part the readings taken cost 0 (a N the
 * CURP writes X); the one refused, 6.6 (YARE → YAÑE, the card's YAÑEZ), was wrong.
 */
export const CURP_NAME_MARGIN = 5;

/**
 * A name line the card's valid CURP (check digit and all) or its clave contradicts, read again from
 * its box under the only spellings that agree with them: the lexicon's words, and the line with
 * one letter put in or changed (small type loses a one-pixel I, IÑIGO read NIGO, and misreads a
 * Ñ, YAÑEZ read YARE). A Ñ is spelt where the CURP writes its X (RENAPO's rule; Paddle has no Ñ).
 * Taken when within CURP_NAME_MARGIN of the greedy reading and not shorter than the line.
 */
function curpNamed(card: IneFront, field: NameField, boxes: ReturnType<typeof boxLattices>, lexicon: NameLexicon): IneFront {
  const read = card[field];
  if (!read || !card.curp || !checkCurp(card.curp).valid || nameDisagreements(card, field) === 0) return card;
  const letters = latticeLetters(read);
  // A word with no inner consonant agrees with the CURP's X as well (RENAPO's filler): a misread
  // Ñ is not made one (YARE → YAAE); the Ñ is spelt instead.
  const fits = (name: string) => /^.[AEIOU]*[^AEIOU]/.test(name) && nameDisagreements({ ...card, [field]: name }, field) === 0;
  const spellings = new Set([...lexicon.words.values()].filter(fits));
  if (!read.includes(" ")) {
    for (let i = 0; i <= letters.length; i++) {
      for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
        for (const name of [letters.slice(0, i) + c + letters.slice(i), letters.slice(0, i) + c + letters.slice(i + 1)]) {
          // The N where the CURP writes X (its first inner consonant) is the card's Ñ.
          const withÑ = name.replace(/^(.[AEIOU]*)N/, "$1Ñ");
          for (const n of [name, withÑ]) if (fits(n)) spellings.add(n);
        }
      }
    }
  }
  if (!spellings.size) return card;
  const grammar = compileLexicon(spellings);
  let best: { value: string; cost: number } | null = null;
  for (const box of boxes) {
    if (latticeLetters(box.text) !== letters) continue;
    const reading = decodeWithGrammar(box.lattice, grammar.grammar);
    const value = reading && grammar.words.get(reading.value);
    if (!reading || !value) continue;
    const cost = reading.greedyLogp - reading.logp;
    if (!best || cost < best.cost) best = { value, cost };
  }
  if (!best) return card;
  const taken = best.cost <= CURP_NAME_MARGIN && latticeLetters(best.value).length >= letters.length;
  lexiconSettings.log?.({ field: `${field} (curp)`, read, reading: best.value, cost: best.cost, plausible: true, agrees: true, taken });
  return taken ? { ...card, [field]: best.value } : card;
}

/** `spelt` (the same letters, spaced or with a Ñ) with the accents of `read` kept. */
function respell(read: string, spelt: string): string {
  const chars = [...read.normalize("NFC").toUpperCase()].filter((c) => c !== " ");
  if (chars.length !== spelt.replace(/ /g, "").length) return spelt;
  let i = 0;
  return [...spelt].map((c) => (c === " " ? c : c === "Ñ" ? (i++, c) : chars[i++])).join("").replace(/ +/g, " ");
}
