/**
 * RFC (Registro Federal de Contribuyentes): 13 characters for people, 12 for companies.
 * Structure: name letters (4 or 3, may include Ñ and &), YYMMDD, then a 3-character homoclave
 * whose last character is a check digit. About 1.5% of real RFCs fail the check digit, so it is
 * reported, not enforced.
 */
const PATTERN = /^([A-ZÑ&]{3,4})(\d{2})(\d{2})(\d{2})([A-Z\d]{2})([\dA])$/;
const ALPHABET = "0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ";

export type RfcCheck =
  | { valid: false; reason: "format" | "date" }
  | { valid: true; kind: "person" | "company"; checkDigitOk: boolean; normalized: string };

export function normalizeRfc(input: string): string {
  return input.trim().toUpperCase().replace(/[\s-]/g, "");
}

export function rfcCheckDigit(first11or12: string): string {
  const padded = first11or12.padStart(12, " ");
  let sum = 0;
  for (let i = 0; i < 12; i++) {
    const value = ALPHABET.indexOf(padded[i]!);
    if (value < 0) throw new Error(`Character not allowed in an RFC: ${padded[i]}`);
    sum += value * (13 - i);
  }
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? "A" : String(check);
}

export function checkRfc(input: string): RfcCheck {
  const rfc = normalizeRfc(input);
  const match = PATTERN.exec(rfc);
  if (!match || (rfc.length !== 12 && rfc.length !== 13)) return { valid: false, reason: "format" };
  const [, letters, yy, mm, dd] = match;
  if ((rfc.length === 13) !== (letters!.length === 4)) return { valid: false, reason: "format" };
  if (!isCalendarDate(Number(yy), Number(mm), Number(dd))) return { valid: false, reason: "date" };
  return {
    valid: true,
    kind: rfc.length === 13 ? "person" : "company",
    checkDigitOk: rfcCheckDigit(rfc.slice(0, -1)) === rfc.slice(-1),
    normalized: rfc,
  };
}

/** A two-digit year is valid for either century, so 29 February only needs a leap year in one. */
function isCalendarDate(yy: number, mm: number, dd: number): boolean {
  if (mm < 1 || mm > 12 || dd < 1) return false;
  const days = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mm - 1]!;
  if (dd > days) return false;
  // 19yy or 20yy: a leap year exists for yy % 4 == 0 (00 can be 2000).
  if (mm === 2 && dd === 29) return yy % 4 === 0;
  return true;
}
