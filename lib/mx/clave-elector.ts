import { curpNameWords, innerConsonant, NAME_PARTICLES } from "./curp-card-agreement";
import { checkCurp } from "./curp";

/**
 * What a clave de elector of its whole shape carries about its holder. INE builds it as six letters
 * of the names, the birth date YYMMDD, the entidad's two digits, H or M, and three digits (INE's
 * specimen: GMVLMR 800705 01 M 100; every sandbox card). One reading of that layout for the
 * identity cross-checks and the front reader.
 */
const CLAVE_ELECTOR = /^[A-Z]{6}(\d{6})\d{2}([HM])\d{3}$/;

/** A birth date (YYYY-MM-DD) as the clave and the CURP carry it: YYMMDD. */
export const birthYymmdd = (date: string) => date.slice(2).replace(/-/g, "");

/** The clave's birth date (YYMMDD) and sex, or null for a value not of its whole shape. */
export function claveElectorParts(clave: string | null | undefined): { born: string; sex: "H" | "M" } | null {
  const parts = CLAVE_ELECTOR.exec(clave ?? "");
  return parts ? { born: parts[1]!, sex: parts[2] as "H" | "M" } : null;
}

/**
 * The clave's six letters as the names give them: each name's first letter and the first consonant
 * after it, Ñ as X (INE's rule as every card we hold shows it: GOMEZ VELAZQUEZ MARGARITA GMVLMR,
 * OCHOA OC, ZUÑIGA ZX; a given name is its first word, MARIA and JOSE too: JOSE ANGEL is JS).
 * Null where a name is unread or opens with a particle (DE LA CRUZ): how INE spells those we have
 * not seen, so they say nothing.
 */
export function claveNameLetters(card: { primer_apellido?: string | null; segundo_apellido?: string | null; nombres?: string | null }): string | null {
  const letters = [card.primer_apellido, card.segundo_apellido, card.nombres].map(claveLettersOf);
  return letters.every(Boolean) ? letters.join("") : null;
}

/** The clave's two letters one name gives (claveNameLetters); null where it is unread or opens with a particle. */
export function claveLettersOf(name: string | null | undefined): string | null {
  const first = curpNameWords(name)[0];
  return first && !NAME_PARTICLES.has(first) ? `${first[0]}${innerConsonant(first)}` : null;
}

/** Whether a name's letter agrees with the clave's: the same, or the name's N where the clave writes X (the card's Ñ, which Paddle's recogniser reads as N). */
export const claveLetterAgrees = (named: string, printed: string) => named === printed || (named === "N" && printed === "X");

/**
 * A clave de elector the rest of the card vouches for: of its whole shape, its six letters the
 * names' (claveLetterAgrees), its YYMMDD the printed birth date's and its sex the printed SEXO. The names, birth date and
 * sex are read from other lines than the clave, so where all of them agree they were read, not
 * guessed: a small card whose CURP cannot vouch (INE's 2019 specimen prints a 16-character one) is
 * taken on it (lib/adapters/ocr/front-picture). Only a clave read as it came counts: one decoded
 * under the card's birth date and sex (grammar-readings grammarClave) agrees with them by
 * construction.
 */
export function claveVouchedByCard(clave: string | null | undefined, card: { primer_apellido?: string | null; segundo_apellido?: string | null; nombres?: string | null; fecha_nacimiento?: string | null; sexo?: string | null }): boolean {
  const parts = claveElectorParts(clave);
  const letters = claveNameLetters(card);
  if (!parts || !letters || !card.fecha_nacimiento || (card.sexo !== "H" && card.sexo !== "M")) return false;
  const same = [...letters].every((c, i) => claveLetterAgrees(c, clave![i]!));
  return same && parts.born === birthYymmdd(card.fecha_nacimiento) && parts.sex === card.sexo;
}

// The CURP's places that carry the clave's six letters: each name's first letter (0, 2, 3) and
// its first inner consonant (13, 14, 15), in the clave's order.
const CURP_PLACES_OF_CLAVE_LETTERS = [0, 13, 2, 14, 3, 15];

/**
 * Whether a clave de elector and a CURP that passes its check digit name the same person: the
 * clave's six letters are the CURP's (claveNameLetters and RENAPO's rules take the same letters
 * of each name: GMVLMR and GOVM…MLR on INE's specimen), its YYMMDD the CURP's, its sex the CURP's.
 * Where INE's and RENAPO's rules part (a given name MARIA or JOSE, which the CURP skips; a name
 * with a particle), they do not agree, and nothing is vouched. The clave's two digits after the
 * date are not compared: INE's specimen prints 01 for a CURP born in Coahuila (05).
 */
export function claveAgreesWithCurp(clave: string, curp: string): boolean {
  const parts = claveElectorParts(clave);
  if (!parts || !checkCurp(curp).valid) return false;
  return CURP_PLACES_OF_CLAVE_LETTERS.every((at, i) => clave[i] === curp[at]) && parts.born === curp.slice(4, 10) && parts.sex === curp[10];
}
