/**
 * An RFC or CURP as printed for anyone holding a sealed PDF (its signature sheet and the XML
 * attached inside it): the first 4 characters and the last 3 kept, each one between as "*". The
 * 4 are the name's initials (a company's 3 letters and a year digit), the 3 the homoclave or the
 * CURP's last consonant, differentiator and check digit: enough to tell signers apart and match a
 * certificate in hand, while the birth date, sex and state stay with the document's owner. A value
 * shorter than 10 characters (no real RFC or CURP) is masked whole.
 */
export function maskIdentifier(value: string): string;
export function maskIdentifier(value: string | null): string | null;
export function maskIdentifier(value: string | null): string | null {
  if (value === null) return null;
  const chars = [...value];
  if (chars.length < 10) return "*".repeat(chars.length);
  return chars.slice(0, 4).join("") + "*".repeat(chars.length - 7) + chars.slice(-3).join("");
}
