/**
 * The MRZ on the back of an INE credential (models E to H): ICAO 9303 TD1, three lines of 30.
 *   line 1: "IDMEX" + CIC (9 digits) + check digit + "<<" + OCR number (13 digits: the 4-digit
 *           sección and the 9-digit identificador del ciudadano)
 *   line 2: birth date YYMMDD + check, sex, expiry YYMMDD + check, "MEX", 11 optional
 *           characters, composite check digit
 *   line 3: APELLIDO1<APELLIDO2<<NOMBRES, "<" for spaces, padded with "<"
 * The sex is written in Spanish, not with ICAO's M/F: H (hombre), M (mujer); ICAO 9303 part 5
 * also allows X and "<" (unspecified). product.md, "Mexican rules"; the ICAO reading made every
 * man's card unreadable and every woman's a man's.
 * Check digits: weights 7-3-1 over 0-9 = 0-9, A-Z = 10-35, "<" = 0, sum mod 10. The composite
 * check covers line 1 from position 6, and line 2's birth date, expiry and optional data with
 * their check digits.
 */

/** The sex as the CURP writes it: H, M, or X (non-binary); null when the card leaves it out ("<"). */
export type MrzSex = "H" | "M" | "X";

/** What the MRZ says, as composed: the optional data of line 2 is made from its two fields. */
export type IneMrzFields = {
  cic: string;
  ocr: string;
  seccion: string;
  identificadorCiudadano: string;
  birthDate: string; // YYYY-MM-DD
  sex: MrzSex | null;
  expiry: string; // YYYY-MM-DD
  /** The optional data's first field: the card's emission number ("número de emisión"), 2 digits. */
  numeroEmision: string | null;
  /** The optional data's second field (5 digits on the cards we know); INE does not say what it holds. */
  optionalNumber: string | null;
  primerApellido: string;
  segundoApellido: string;
  nombres: string;
};

export type IneMrz = IneMrzFields & {
  /** Line 2, positions 19–29, as printed ("<02<<12345<" on INE's specimen). */
  optionalData: string;
};

export type MrzRead = { ok: true; mrz: IneMrz; lines: [string, string, string] } | { ok: false; reason: string; lines: string[] };

export function mrzCharValue(c: string): number {
  if (c >= "0" && c <= "9") return c.charCodeAt(0) - 48;
  if (c >= "A" && c <= "Z") return c.charCodeAt(0) - 55;
  if (c === "<") return 0;
  throw new Error(`Not an MRZ character: ${JSON.stringify(c)}`);
}

export function mrzCheckDigit(field: string): string {
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < field.length; i++) sum += mrzCharValue(field[i]!) * weights[i % 3]!;
  return String(sum % 10);
}

/** Letters as the MRZ writes them: no accents, Ñ as N, spaces and hyphens as "<". */
export function mrzName(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[^A-Z]+/g, "<")
    .replace(/^<|<$/g, "");
}

const yymmdd = (iso: string) => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);

/**
 * Line 2's optional data (positions 19–29), "<NN<<DDDDD<": what is known of its two fields.
 *   - NN, the emission number: INE's specimen back (shared/realworld/ine/manifest.json, the
 *     GOMEZ VELAZQUEZ MARGARITA card) carries "<02<<12345<" and its front "AÑO DE REGISTRO
 *     2008 02", the 02 there being the emission number; product.md quotes "<03<<06440<" from
 *     real backs. A public BlinkID-based INE reader on GitHub (Microblink's result mapped to
 *     "NumeroEmisionMRZ" = the first two digits of the MRZ's optional data 2, and "NumeroEmision"
 *     = the two digits after the front's año de registro) reads it the same way;
 *     boreaslol/ine-ocr (src/ine_ocr/mrz.py) reads the same two digits as "versionMRZ".
 *   - DDDDD: no published description was found (the specimen's 12345 is a placeholder and
 *     ine-ocr misnames it "composite"), so it is kept as read and compared with nothing.
 * Both fields are inside the composite check digit, so a misread one fails the MRZ.
 */
const OPTIONAL_DATA = /^<(\d{2})<<([0-9A-Z]+)?<*$/;

function optionalDataOf(m: Pick<IneMrzFields, "numeroEmision" | "optionalNumber">): string {
  if (!m.numeroEmision) return "<".repeat(11);
  return `<${m.numeroEmision}<<${m.optionalNumber ?? ""}`.padEnd(11, "<");
}

export function composeIneMrz(m: IneMrzFields): [string, string, string] {
  const line1 = `IDMEX${m.cic}${mrzCheckDigit(m.cic)}<<${m.seccion}${m.identificadorCiudadano}`;
  const birth = yymmdd(m.birthDate);
  const expiry = yymmdd(m.expiry);
  const optional = optionalDataOf(m);
  const body2 = `${birth}${mrzCheckDigit(birth)}${m.sex ?? "<"}${expiry}${mrzCheckDigit(expiry)}MEX${optional}`;
  const composite = mrzCheckDigit(line1.slice(5, 30) + body2.slice(0, 7) + body2.slice(8, 15) + body2.slice(18, 29));
  const line2 = body2 + composite;
  const name = `${mrzName(m.primerApellido)}<${mrzName(m.segundoApellido)}<<${mrzName(m.nombres)}`;
  const line3 = name.slice(0, 30).padEnd(30, "<");
  if (line1.length !== 30 || line2.length !== 30) throw new Error("The MRZ fields do not fit TD1");
  return [line1, line2, line3];
}

function calendarDate(year: number, mm: number, dd: number): string | null {
  const date = new Date(Date.UTC(year, mm - 1, dd));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== mm - 1 || date.getUTCDate() !== dd) return null;
  return date.toISOString().slice(0, 10);
}

function dateParts(value: string): [number, number, number] | null {
  if (!/^\d{6}$/.test(value)) return null;
  return [Number(value.slice(0, 2)), Number(value.slice(2, 4)), Number(value.slice(4, 6))];
}

/**
 * The birth year's century. The credencial para votar is a citizen's, and citizens are Mexicans
 * of 18 or more (Constitución, art. 34; product.md, "Mexican rules"), so the holder was at least
 * 18 on `now`: the year is the latest one ending in YY for which that holds. At 18 on the birthday
 * itself; someone born on 29 February turns 18 on 1 March of a common year. Born '05 and read in
 * November 2026: 2005 (21 then); born '10: 1910, since 2010 would make them 16; born '80: 1980.
 */
function birthDateOf(value: string, now: Date): string | null {
  const parts = dateParts(value);
  if (!parts) return null;
  const [yy, mm, dd] = parts;
  let year = now.getUTCFullYear() - (now.getUTCFullYear() % 100) + yy;
  if (year > now.getUTCFullYear()) year -= 100;
  if (Date.UTC(year + 18, mm - 1, dd) > now.getTime()) year -= 100;
  return calendarDate(year, mm, dd);
}

/** Expiry years are this century: the first INE cards with an MRZ were issued in 2008 (model D). */
function expiryDateOf(value: string): string | null {
  const parts = dateParts(value);
  return parts ? calendarDate(2000 + parts[0], parts[1], parts[2]) : null;
}

const DIGIT_LOOKALIKES: Record<string, string> = { O: "0", Q: "0", D: "0", I: "1", L: "1", Z: "2", S: "5", G: "6", B: "8" };

/** OCR reads 0 as O and the like; in positions that hold only digits the letter is taken back. */
function digitsAt(line: string, ranges: [number, number][]): string {
  const chars = [...line];
  for (const [from, to] of ranges) for (let i = from; i < to; i++) chars[i] = DIGIT_LOOKALIKES[chars[i]!] ?? chars[i]!;
  return chars.join("");
}

/** Line 2, position 8: H and M as the INE writes them; X and "<" as ICAO 9303 allows. */
const SEXES = ["H", "M", "X", "<"];

const NAME_LETTER: Record<string, string> = { "0": "O", "1": "I", "2": "Z", "5": "S", "6": "G", "8": "B" };

/** Reads the three lines (OCR output may carry spaces or extra lines around them) and checks every digit. */
export function parseIneMrz(text: string, now = new Date()): MrzRead {
  const candidates = text
    .toUpperCase()
    .split(/\r?\n/)
    .map((l) => l.replace(/\s+/g, ""))
    .filter((l) => l.length >= 25);
  const start = candidates.findIndex((l) => l.startsWith("IDMEX"));
  if (start < 0 || candidates.length < start + 3) return { ok: false, reason: "No MRZ starting with IDMEX was found.", lines: candidates };
  const [raw1, raw2, raw3] = candidates.slice(start, start + 3).map((l) => l.slice(0, 30).padEnd(30, "<")) as [string, string, string];
  // The name line holds letters only and has no check digit: a digit there is OCR's misreading
  // of the letter it looks like (OCHOA read as 0CHOA, SOTO as SOT0; bench/identity.ts).
  const l3 = raw3.replace(/[0-9]/g, (d) => NAME_LETTER[d] ?? d);
  // The check digits, not this guess, decide: a wrong correction fails them.
  const l1 = digitsAt(raw1, [[5, 15], [17, 30]]);
  const l2 = digitsAt(raw2, [[0, 7], [8, 15], [29, 30]]);
  const lines: [string, string, string] = [l1, l2, l3];
  if (!/^[A-Z0-9<]{90}$/.test(l1 + l2 + l3)) return { ok: false, reason: "The MRZ has characters it cannot have.", lines };
  const cic = l1.slice(5, 14);
  if (!/^\d{9}$/.test(cic) || mrzCheckDigit(cic) !== l1[14]) return { ok: false, reason: "The CIC check digit does not match.", lines };
  const ocr = l1.slice(17, 30);
  if (!/^\d{13}$/.test(ocr)) return { ok: false, reason: "The OCR number is not 13 digits.", lines };
  const birth = l2.slice(0, 6);
  const expiry = l2.slice(8, 14);
  if (mrzCheckDigit(birth) !== l2[6]) return { ok: false, reason: "The birth date check digit does not match.", lines };
  if (mrzCheckDigit(expiry) !== l2[14]) return { ok: false, reason: "The expiry check digit does not match.", lines };
  if (mrzCheckDigit(l1.slice(5, 30) + l2.slice(0, 7) + l2.slice(8, 15) + l2.slice(18, 29)) !== l2[29]) return { ok: false, reason: "The composite check digit does not match.", lines };
  const birthDate = birthDateOf(birth, now);
  const expiryDate = expiryDateOf(expiry);
  if (!birthDate || !expiryDate) return { ok: false, reason: "A date in the MRZ is not a calendar date.", lines };
  const sex = l2[7]!;
  if (!SEXES.includes(sex)) return { ok: false, reason: "The sex is not H, M, X or <.", lines };
  const optionalData = l2.slice(18, 29);
  const optional = OPTIONAL_DATA.exec(optionalData);
  const [surnames = "", given = ""] = l3.replace(/<+$/, "").split("<<");
  const [primer = "", ...segundo] = surnames.split("<");
  return {
    ok: true,
    lines,
    mrz: {
      cic,
      ocr,
      seccion: ocr.slice(0, 4),
      identificadorCiudadano: ocr.slice(4),
      birthDate,
      sex: sex === "<" ? null : (sex as MrzSex),
      expiry: expiryDate,
      numeroEmision: optional?.[1] ?? null,
      optionalNumber: optional?.[2] ?? null,
      optionalData,
      primerApellido: primer,
      segundoApellido: segundo.join(" "),
      nombres: given.replace(/</g, " ").trim(),
    },
  };
}
