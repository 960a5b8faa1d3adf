/**
 * How far a CURP read from a card agrees with what the rest of the card says. A CURP is built
 * from its holder's data (RENAPO's Instructivo Normativo): the primer apellido's first letter and
 * first inner vowel, the segundo apellido's first letter, the given name's first letter (the
 * second name's when the first is MARÍA or JOSÉ), the birth date YYMMDD, the sex, the state, then
 * the first inner consonant of each of the three names. The front prints the names, usually the
 * birth date and sex, and the clave de elector (which carries the birth date again).
 *
 * Used to choose between OCR readings of a CURP when none passes its check digit (the OCR misread
 * one character, or the card itself prints a CURP that fails it, as INE's specimen does): the
 * reading that agrees with more of the card is the better one. It never makes a CURP valid.
 */
import { curpAsCardsPrint, curpNameLetters } from "./curp";

export type CardFacts = {
  primer_apellido?: string | null;
  segundo_apellido?: string | null;
  nombres?: string | null;
  /** YYYY-MM-DD. */
  fecha_nacimiento?: string | null;
  sexo?: string | null;
  clave_elector?: string | null;
  /** AÑO DE REGISTRO and EMISIÓN, as printed (YYYY). */
  anio_registro?: string | null;
  anio_emision?: string | null;
};

/**
 * Words RENAPO skips at the start of a name (DE LA FUENTE → FUENTE; MC GREGOR → GREGOR), and the
 * common first given names it skips when another follows (MARIA GUADALUPE → G), as its Instructivo
 * Normativo para la Asignación de la CURP (SEGOB, March 2006: Criterios de excepción, posición
 * 1-4, printed pages 6–7; ../shared/realworld/pdfs/curp_InstructivoNormativo.pdf) lists them;
 * M. is not in its list (an abbreviation of MARIA, as MA. is). One set for every reader of names
 * as the CURP builds them (lib/adapters/ocr/grammar-readings claveLetters too).
 */
export const NAME_PARTICLES: ReadonlySet<string> = new Set(["DA", "DAS", "DE", "DEL", "DER", "DI", "DIE", "DD", "EL", "LA", "LOS", "LAS", "LE", "LES", "MAC", "MC", "VAN", "VON", "Y"]);
export const COMMON_FIRST_NAMES: ReadonlySet<string> = new Set(["MARIA", "MA", "MA.", "M.", "JOSE", "J", "J."]);

/** A name's words as a CURP spells them: upper case without accents or dieresis, Ñ as X. */
export function curpNameWords(name: string | null | undefined): string[] {
  if (!name) return [];
  const plain = name
    .toUpperCase()
    .replace(/Ñ/g, "X")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Z. ]/g, " ");
  return plain.split(/\s+/).filter(Boolean);
}
/** The words of a name RENAPO builds the CURP from: particles left out. */
const words = (name: string | null | undefined) => curpNameWords(name).filter((w) => !NAME_PARTICLES.has(w));

const VOWELS = "AEIOU";
const innerVowel = (word: string) => [...word.slice(1)].find((c) => VOWELS.includes(c)) ?? "X";
/** The first consonant after a word's first letter, X where it has none (RENAPO's rule; INE's clave takes the same). */
export const innerConsonant = (word: string) => [...word.slice(1)].find((c) => /[A-Z]/.test(c) && !VOWELS.includes(c)) ?? "X";

/**
 * The CURP's characters the card's facts fix, by position (0-based); a position whose fact the
 * card did not give is left out.
 */
export function curpExpectedFromCard(card: CardFacts): Map<number, string> {
  const out = new Map<number, string>();
  const primer = words(card.primer_apellido)[0];
  const segundo = words(card.segundo_apellido)[0];
  const given = words(card.nombres);
  const nombre = given.length > 1 && COMMON_FIRST_NAMES.has(given[0]!) ? given[1] : given[0];
  if (primer && nombre) {
    const letters = curpNameLetters(`${primer[0]}${innerVowel(primer)}${segundo?.[0] ?? "X"}${nombre[0]}`);
    [...letters].forEach((c, i) => out.set(i, c));
  }
  if (primer) out.set(13, innerConsonant(primer));
  if (segundo) out.set(14, innerConsonant(segundo));
  if (nombre) out.set(15, innerConsonant(nombre));
  const born = /^\d{2}(\d{2})-(\d{2})-(\d{2})$/.exec(card.fecha_nacimiento ?? "");
  const claveBorn = /^[A-Z]{6}(\d{6})\d{2}[HMX]\d{3}$/.exec(card.clave_elector ?? "");
  const yymmdd = born ? `${born[1]}${born[2]}${born[3]}` : claveBorn?.[1];
  if (yymmdd) [...yymmdd].forEach((c, i) => out.set(4 + i, c));
  if (card.sexo === "H" || card.sexo === "M" || card.sexo === "X") out.set(10, card.sexo);
  return out;
}

/** How many of the characters the card fixes the CURP has, minus how many it contradicts. */
export function curpCardAgreement(curp: string, card: CardFacts): number {
  let score = 0;
  for (const [i, c] of curpExpectedFromCard(card)) score += curp[i] === c ? 1 : -1;
  return score;
}

/**
 * A CURP that fits the card: the card gives its four name letters and its birth date, and every
 * character the card fixes up to the sex (positions 1–11) is the CURP's. The inner consonants
 * (14–16) are left out: RENAPO's rules for them (compound names, particles) are the ones a reader
 * of a card most often gets wrong. Lets a reader take a CURP whose label it did not read even
 * when its check digit fails, as a lower-ranked reading.
 */
export function curpFitsCard(curp: string, card: CardFacts): boolean {
  const expected = curpExpectedFromCard(card);
  const fixed = [...expected].filter(([i]) => i <= 10);
  return [0, 1, 2, 3, 4, 9].every((i) => expected.has(i)) && fixed.every(([i, c]) => curp[i] === c);
}

/**
 * A CURP the rest of the card vouches for: it passes checkCurp but perhaps for its check digit
 * (INE's specimen prints a CURP that fails its own), and every character the card's other lines
 * fix is the CURP's: the names' four letters and three inner consonants, the birth date and the
 * sex (all of them given). A name's N may stand for the CURP's X: the card's Ñ, which RENAPO writes
 * X and Paddle's recogniser reads as N (lib/adapters/ocr/paddle-ocr). The names, birth date and sex
 * are read from other lines than the CURP, so a read where they all agree is one whose key fields
 * were read, not guessed: lib/adapters/ocr/front-picture takes a small card only then. A CURP
 * decoded under the card's letters (lib/adapters/ocr/grammar-readings) is still held to the inner
 * consonants, which that decoding leaves free.
 */
export function curpVouchedByCard(curp: string | null | undefined, card: CardFacts): boolean {
  if (!curp || !curpAsCardsPrint(curp)) return false;
  const expected = curpExpectedFromCard(card);
  return [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13, 14, 15].every((i) => sameAsCard(curp, expected, i)) && adultWhenRegistered(curp, card);
}

/**
 * Whether the CURP's character at `i` is the one the card fixes there: a name's N may stand for
 * the CURP's X (the card's Ñ, which RENAPO writes X and Paddle's recogniser reads as N), but for
 * the primer apellido's inner vowel.
 */
export const sameAsCard = (curp: string, expected: Map<number, string>, i: number) => expected.get(i) === curp[i] || (expected.get(i) === "N" && curp[i] === "X" && i !== 1);

/**
 * Whether the names read contradict none of the letters the CURP takes from them (the four
 * letters and three inner consonants, as curpExpectedFromCard gives them), N standing for X as in
 * curpVouchedByCard.
 */
export function namesFitCurp(curp: string, card: CardFacts): boolean {
  const expected = curpExpectedFromCard(card);
  return [0, 1, 2, 3, 13, 14, 15].every((i) => !expected.has(i) || sameAsCard(curp, expected, i));
}

/**
 * Whether the CURP's holder could have been on the voter roll when the card says: a voter is a
 * citizen, 18 or older (Constitución, art. 34), and may register the year before, to vote on
 * turning 18. The CURP's century is its differentiator's (a digit before 2000, a letter after),
 * so one misread there (GOVM800705MCLMLR01 read GOVM800705MCLMELR0: born 2080) is caught even
 * where the card prints no birth date and its clave's YYMMDD agrees. The earliest of AÑO DE
 * REGISTRO and EMISIÓN read is the bound; a year no credential can carry (before 1950, a misread)
 * is ignored, and with none read nothing is said.
 */
function adultWhenRegistered(curp: string, card: CardFacts): boolean {
  const years = [card.anio_registro, card.anio_emision].map(Number).filter((y) => Number.isInteger(y) && y >= 1950);
  if (!years.length) return true;
  const born = (/\d/.test(curp[16]!) ? 1900 : 2000) + Number(curp.slice(4, 6));
  return born <= Math.min(...years) - 17;
}
