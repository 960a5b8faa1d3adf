/**
 * The MRZ on the back of an INE credential (models E to H): ICAO 9303 TD1, three lines of 30.
 *   line 1: "IDMEX" + CIC (9 digits) + check digit + "<<" + OCR number (13 digits: the 4-digit
 *           sección and the 9-digit identificador del ciudadano)
 *   line 2: birth date YYMMDD + check, sex (M/F), expiry YYMMDD + check, "MEX", 11 optional
 *           characters, composite check digit
 *   line 3: APELLIDO1<APELLIDO2<<NOMBRES, "<" for spaces, padded with "<"
 * Check digits: weights 7-3-1 over 0-9 = 0-9, A-Z = 10-35, "<" = 0, sum mod 10. The composite
 * check covers line 1 from position 6, and line 2's birth date, expiry and optional data with
 * their check digits.
 */

export type IneMrz = {
  cic: string;
  ocr: string;
  seccion: string;
  identificadorCiudadano: string;
  birthDate: string; // YYYY-MM-DD
  sex: "H" | "M";
  expiry: string; // YYYY-MM-DD
  primerApellido: string;
  segundoApellido: string;
  nombres: string;
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

export function composeIneMrz(m: IneMrz): [string, string, string] {
  const line1 = `IDMEX${m.cic}${mrzCheckDigit(m.cic)}<<${m.seccion}${m.identificadorCiudadano}`;
  const birth = yymmdd(m.birthDate);
  const expiry = yymmdd(m.expiry);
  const optional = "<".repeat(11);
  const body2 = `${birth}${mrzCheckDigit(birth)}${m.sex === "H" ? "M" : "F"}${expiry}${mrzCheckDigit(expiry)}MEX${optional}`;
  const composite = mrzCheckDigit(line1.slice(5, 30) + body2.slice(0, 7) + body2.slice(8, 15) + body2.slice(18, 29));
  const line2 = body2 + composite;
  const name = `${mrzName(m.primerApellido)}<${mrzName(m.segundoApellido)}<<${mrzName(m.nombres)}`;
  const line3 = name.slice(0, 30).padEnd(30, "<");
  if (line1.length !== 30 || line2.length !== 30) throw new Error("The MRZ fields do not fit TD1");
  return [line1, line2, line3];
}

/** Two-digit years: a birth year past this year's is last century; expiry years are this century. */
function fullDate(yymmddValue: string, kind: "birth" | "expiry", now: Date): string | null {
  if (!/^\d{6}$/.test(yymmddValue)) return null;
  const yy = Number(yymmddValue.slice(0, 2));
  const mm = Number(yymmddValue.slice(2, 4));
  const dd = Number(yymmddValue.slice(4, 6));
  const century = kind === "expiry" || yy <= now.getUTCFullYear() % 100 ? 2000 : 1900;
  const date = new Date(Date.UTC(century + yy, mm - 1, dd));
  if (date.getUTCMonth() !== mm - 1 || date.getUTCDate() !== dd) return null;
  return date.toISOString().slice(0, 10);
}

const DIGIT_LOOKALIKES: Record<string, string> = { O: "0", Q: "0", D: "0", I: "1", L: "1", Z: "2", S: "5", G: "6", B: "8" };

/** OCR reads 0 as O and the like; in positions that hold only digits the letter is taken back. */
function digitsAt(line: string, ranges: [number, number][]): string {
  const chars = [...line];
  for (const [from, to] of ranges) for (let i = from; i < to; i++) chars[i] = DIGIT_LOOKALIKES[chars[i]!] ?? chars[i]!;
  return chars.join("");
}

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
  const birthDate = fullDate(birth, "birth", now);
  const expiryDate = fullDate(expiry, "expiry", now);
  if (!birthDate || !expiryDate) return { ok: false, reason: "A date in the MRZ is not a calendar date.", lines };
  if (l2[7] !== "M" && l2[7] !== "F") return { ok: false, reason: "The sex is not M or F.", lines };
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
      sex: l2[7] === "M" ? "H" : "M",
      expiry: expiryDate,
      primerApellido: primer,
      segundoApellido: segundo.join(" "),
      nombres: given.replace(/</g, " ").trim(),
    },
  };
}
