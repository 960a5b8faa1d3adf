/**
 * CURP (Clave Única de Registro de Población), 18 characters:
 *   1–4   letters from the surnames and given name; never an inconvenient word (below)
 *   5–10  birth date YYMMDD
 *   11    sex: H (hombre), M (mujer), or X, which RENAPO issues for non-binary people since 2022
 *         (product.md, "Mexican rules")
 *   12–13 birth state (NE: born abroad)
 *   14–16 inner consonants of the names
 *   17    homonym differentiator: a digit for people born before 2000, a letter from 2000 on,
 *         which is how the century of YYMMDD is known
 *   18    check digit over the first 17
 * Unlike the RFC's, RENAPO computes the CURP check digit for every CURP it issues, so a wrong one
 * means a mistyped or invented CURP and is rejected.
 */
const PATTERN = /^[A-Z]{4}(\d{2})(\d{2})(\d{2})([HMX])([A-Z]{2})[A-Z]{3}([0-9A-Z])(\d)$/;
/** The check digit's values of the characters: their index (RENAPO puts & and Ñ among the letters). */
export const CURP_CHECK_ALPHABET = "0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ";

export const CURP_STATES = {
  AS: "Aguascalientes",
  BC: "Baja California",
  BS: "Baja California Sur",
  CC: "Campeche",
  CH: "Chihuahua",
  CL: "Coahuila",
  CM: "Colima",
  CS: "Chiapas",
  DF: "Ciudad de México",
  DG: "Durango",
  GR: "Guerrero",
  GT: "Guanajuato",
  HG: "Hidalgo",
  JC: "Jalisco",
  MC: "Estado de México",
  MN: "Michoacán",
  MS: "Morelos",
  NE: "Nacido en el extranjero",
  NL: "Nuevo León",
  NT: "Nayarit",
  OC: "Oaxaca",
  PL: "Puebla",
  QR: "Quintana Roo",
  QT: "Querétaro",
  SL: "Sinaloa",
  SP: "San Luis Potosí",
  SR: "Sonora",
  TC: "Tabasco",
  TL: "Tlaxcala",
  TS: "Tamaulipas",
  VZ: "Veracruz",
  YN: "Yucatán",
  ZS: "Zacatecas",
} as const;

export type CurpState = keyof typeof CURP_STATES;

/**
 * RENAPO's "Catálogo de palabras inconvenientes": Instructivo Normativo para la Asignación de la
 * Clave Única de Registro de Población (SEGOB, March 2006), Anexo 2, page 59, all 81 words. When
 * the first four letters would spell one, RENAPO writes an X for the second letter (BACA → BXCA;
 * the Instructivo's example: OFELIA PEDRERO DOMINGUEZ → PXDO, page 58), so a CURP that spells one
 * was never issued.
 */
export const CURP_INCONVENIENT_WORDS: ReadonlySet<string> = new Set(
  (
    "BACA BAKA BUEI BUEY CACA CACO CAGA CAGO CAKA CAKO COGE COGI COJA COJE COJI COJO COLA CULO " +
    "FALO FETO GETA GUEI GUEY JETA JOTO KACA KACO KAGA KAGO KAKA KAKO KOGE KOGI KOJA KOJE KOJI " +
    "KOJO KOLA KULO LILO LOCA LOCO LOKA LOKO MAME MAMO MEAR MEAS MEON MIAR MION MOCO MOKO MULA " +
    "MULO NACA NACO PEDA PEDO PENE PIPI PITO POPO PUTA PUTO QULO RATA ROBA ROBE ROBO RUIN SENO " +
    "TETA VACA VAGA VAGO VAKA VUEI VUEY WUEI WUEY"
  ).split(" "),
);

/** The letters RENAPO writes for a name whose first four spell an inconvenient word: X second. */
export function curpNameLetters(letters: string): string {
  return CURP_INCONVENIENT_WORDS.has(letters) ? `${letters[0]}X${letters.slice(2)}` : letters;
}

export type CurpCheck =
  | { valid: false; reason: "format" | "inconvenient_word" | "date" | "state" | "check_digit" }
  | {
      valid: true;
      normalized: string;
      /** ISO date, the century taken from position 17. */
      birthDate: string;
      sex: "H" | "M" | "X";
      state: CurpState;
    };

export function normalizeCurp(input: string): string {
  return input.trim().toUpperCase().replace(/[\s-]/g, "");
}

/** The 18th character for the first 17: Σ value(cᵢ)·(18−i), then (10 − sum mod 10) mod 10. */
export function curpCheckDigit(first17: string): string {
  if (first17.length !== 17) throw new Error("A CURP check digit is computed over 17 characters");
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = CURP_CHECK_ALPHABET.indexOf(first17[i]!);
    if (value < 0) throw new Error(`Character not allowed in a CURP: ${first17[i]}`);
    sum += value * (18 - i);
  }
  return String((10 - (sum % 10)) % 10);
}

export function checkCurp(input: string): CurpCheck {
  const curp = normalizeCurp(input);
  const match = PATTERN.exec(curp);
  if (!match) return { valid: false, reason: "format" };
  if (CURP_INCONVENIENT_WORDS.has(curp.slice(0, 4))) return { valid: false, reason: "inconvenient_word" };
  const [, yy, mm, dd, sex, state, differentiator] = match;
  const century = /\d/.test(differentiator!) ? 1900 : 2000;
  const birthDate = calendarDate(century + Number(yy), Number(mm), Number(dd));
  if (!birthDate) return { valid: false, reason: "date" };
  if (!(state! in CURP_STATES)) return { valid: false, reason: "state" };
  if (curpCheckDigit(curp.slice(0, 17)) !== curp[17]) return { valid: false, reason: "check_digit" };
  return { valid: true, normalized: curp, birthDate, sex: sex as "H" | "M" | "X", state: state as CurpState };
}

/** Fails its check digit and nothing else: a misread that kept a CURP's shape, or INE's specimen, which prints such a CURP. */
export function failsOnlyCheckDigit(input: string): boolean {
  const check = checkCurp(input);
  return !check.valid && check.reason === "check_digit";
}

/** Valid, or failing only its check digit: what an INE card may print as its CURP. */
export function curpAsCardsPrint(input: string): boolean {
  const check = checkCurp(input);
  return check.valid || check.reason === "check_digit";
}

function calendarDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}
