import { normalizeCurp } from "./curp";
import type { PersonNames } from "./identity-cross-checks";
import { checkRfc } from "./rfc";

/**
 * Is the person who passed an identity verification the signatory the document's owner named?
 * By CURP when the signatory has one (it names one person); otherwise by name, as owners type
 * names: any case, with or without accents, with or without the second surname or a middle name.
 * When the owner gave a person's RFC, its first ten characters (name letters and birth date, made
 * by the same rules as the CURP's) must also be the verified CURP's.
 *
 * The name rule: every word the owner typed is one of the verified person's words, and those
 * words include the first surname and at least one given name. "María Pérez" matches MARÍA JOSÉ
 * PÉREZ LÓPEZ; "José López" (given name and second surname only) and "Pérez" do not, nor does a
 * name with a word the person does not have. Particles (de, del, la…) are ignored on both sides.
 */
export type SignerMatch = { matches: boolean; by: "curp" | "name" | "name_and_rfc" };

const PARTICLES = new Set(["DE", "DEL", "LA", "LAS", "LOS", "Y", "E", "MC", "MAC", "VAN", "VON", "DA", "DI"]);

/**
 * Upper case, accents, dieresis and the tilde of Ñ removed (as the MRZ writes names, and as
 * people type them on a keyboard without Ñ), punctuation to spaces, particles out.
 */
export function nameWords(name: string): string[] {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toUpperCase()
    .split(/[^A-Z]+/)
    .filter((w) => w !== "" && !PARTICLES.has(w));
}

export function signerMatchesIdentity(signatory: { name: string; curp?: string | null; rfc?: string | null }, verified: PersonNames & { curp: string | null }): SignerMatch {
  if (signatory.curp?.trim()) {
    const matches = verified.curp !== null && normalizeCurp(signatory.curp) === normalizeCurp(verified.curp);
    return { matches, by: "curp" };
  }
  const typed = nameWords(signatory.name);
  const given = nameWords(verified.nombres);
  const first = nameWords(verified.primer_apellido);
  const all = new Set([...given, ...first, ...nameWords(verified.segundo_apellido)]);
  const matches =
    typed.length >= 2 &&
    typed.every((w) => all.has(w)) &&
    first.length > 0 &&
    first.every((w) => typed.includes(w)) &&
    given.some((w) => typed.includes(w));
  const rfc = signatory.rfc ? checkRfc(signatory.rfc) : null;
  if (rfc?.valid && rfc.kind === "person") {
    return { matches: matches && verified.curp !== null && normalizeCurp(verified.curp).slice(0, 10) === rfc.normalized.slice(0, 10), by: "name_and_rfc" };
  }
  return { matches, by: "name" };
}

/**
 * Is the name a certificate carries (SAT, FIREL and TEPJF write the holder's full name in CN, in
 * capitals, given names first, with no mark of where the surnames start) the one the owner typed?
 * As typed names go: case, accents and particles aside, every typed word is one of the
 * certificate's, and at least two words were typed. "María Pérez" is MARIA JOSE PEREZ LOPEZ;
 * "Andrés Manuel Presidente Falso" is not JUAN PEREZ LOPEZ. The owner is told when it is not;
 * the signature stands, since only an RFC or CURP names one person (see sign-signatory.ts).
 */
export function nameMatchesCertificate(typed: string, certificateName: string): boolean {
  const words = nameWords(typed);
  const holder = new Set(nameWords(certificateName));
  return words.length >= 2 && words.every((w) => holder.has(w));
}
