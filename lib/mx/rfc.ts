/**
 * RFC (Registro Federal de Contribuyentes): 13 characters for people, 12 for companies.
 * Structure: name letters (4 or 3, may include Ñ and &), YYMMDD, then a 3-character homoclave
 * whose last character is a check digit. About 1.5% of real RFCs fail the check digit, so it is
 * reported, not enforced; so is a homoclave outside SAT's table (below).
 *
 * SAT's algorithm ("Algoritmo para generar el RFC con homoclave para personas físicas y morales",
 * SAT's answer to INFOMEX request 0610100135506, 2006; python-stdnum's stdnum/mx/rfc.py cites
 * it) fixes two more things that every RFC SAT assigns obeys:
 *   - the homoclave's two characters come from its Anexo 2 table, 1–9 then A–Z without O, looked
 *     up with the quotient (0–29: 1–9, A–V) and the remainder (0–33) of a 3-digit number divided
 *     by 34; its worked example GÓMEZ DÍAZ EMMA gives 15 = G, 25 = R, which puts R at 25 only
 *     without O. python-stdnum accepts [1-9A-V][1-9A-Z] (O too); its 417 RFCs found in use
 *     (tests/test_mx_rfc.doctest) all fit the narrower table. But python-stdnum checks the
 *     homoclave only when asked to check digits (validate_check_digits=True): by default it
 *     accepts `CCM 650122 I06`, whose 0 no table gives, as it accepts a wrong check digit. An RFC
 *     SAT printed that way still names its holder, so a homoclave off the table is reported
 *     (homoclaveOk: false), like the check digit, and not refused.
 *   - a person's four letters are never one of its inconvenient words (Anexo IV, 41 words,
 *     as python-stdnum's _name_blacklist lists them); SAT writes an X for the last letter
 *     instead. A company has three letters, so the list cannot apply to it.
 */
const PATTERN = /^([A-ZÑ&]{3,4})(\d{2})(\d{2})(\d{2})([A-Z\d]{2})([\dA])$/;
const HOMOCLAVE = /^[1-9A-NP-V][1-9A-NP-Z]$/;
export const RFC_INCONVENIENT_WORDS: ReadonlySet<string> = new Set(
  (
    "BUEI BUEY CACA CACO CAGA CAGO CAKA CAKO COGE COJA COJE COJI COJO CULO FETO GUEY JOTO KACA KACO " +
    "KAGA KAGO KAKA KOGE KOJO KULO MAME MAMO MEAR MEAS MEON MION MOCO MULA PEDA PEDO PENE PUTA PUTO " +
    "QULO RATA RUIN"
  ).split(" "),
);
const ALPHABET = "0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ";

export type RfcCheck =
  | { valid: false; reason: "format" | "inconvenient_word" | "date" }
  | { valid: true; kind: "person" | "company"; checkDigitOk: boolean; homoclaveOk: boolean; normalized: string };

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
  const [, letters, yy, mm, dd, homoclave] = match;
  if ((rfc.length === 13) !== (letters!.length === 4)) return { valid: false, reason: "format" };
  if (RFC_INCONVENIENT_WORDS.has(letters!)) return { valid: false, reason: "inconvenient_word" };
  if (!isCalendarDate(Number(yy), Number(mm), Number(dd))) return { valid: false, reason: "date" };
  return {
    valid: true,
    kind: rfc.length === 13 ? "person" : "company",
    checkDigitOk: rfcCheckDigit(rfc.slice(0, -1)) === rfc.slice(-1),
    homoclaveOk: HOMOCLAVE.test(homoclave!),
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
