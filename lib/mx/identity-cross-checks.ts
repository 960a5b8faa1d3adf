import { birthYymmdd, claveElectorParts } from "./clave-elector";
import { checkCurp } from "./curp";
import { mrzName, type IneMrz, type MrzSex } from "./ine-mrz";

/**
 * Cross-checks between what an identity session gathered about one person: the front of the
 * INE (OCR), its back (MRZ), the CURP and RENAPO's record. Each check compares every source that
 * has the field and is null when fewer than two have it (nothing to compare is not a pass).
 */
export type PersonNames = { nombres: string; primer_apellido: string; segundo_apellido: string };

export type IdentityEvidence = {
  curp?: string | null;
  front?: (PersonNames & { fecha_nacimiento?: string | null; sexo?: "H" | "M" | null; seccion?: string | null; clave_elector?: string | null; num_emisiones?: string | null }) | null;
  mrz?: IneMrz | null;
  renapo?: (PersonNames & { fecha_nacimiento: string; sexo: MrzSex }) | null;
};

export type Verifications = {
  curp_valido: boolean | null;
  fecha_nacimiento_match: boolean | null;
  sexo_match: boolean | null;
  nombre_match: boolean | null;
  seccion_match: boolean | null;
  clave_elector_match: boolean | null;
  numero_emision_match: boolean | null;
};

/** The TD1 name line holds 30 characters; a longer name is cut there. */
const MRZ_NAME_LENGTH = 30;

export function crossCheckIdentity(evidence: IdentityEvidence): Verifications {
  const curp = evidence.curp ? checkCurp(evidence.curp) : null;
  const curpParts = curp?.valid ? curp : null;
  const claveText = evidence.front?.clave_elector?.trim().toUpperCase() || null;
  const clave = claveElectorParts(claveText);

  const birthDates = [curpParts?.birthDate, evidence.front?.fecha_nacimiento, evidence.mrz?.birthDate, evidence.renapo?.fecha_nacimiento];
  const sexes = [curpParts?.sex, evidence.front?.sexo, evidence.mrz?.sex, evidence.renapo?.sexo];

  return {
    curp_valido: curp ? curp.valid : null,
    fecha_nacimiento_match: agree(birthDates),
    sexo_match: agree(sexes),
    nombre_match: namesAgree(evidence),
    seccion_match: agree([evidence.front?.seccion?.padStart(4, "0"), evidence.mrz?.seccion?.padStart(4, "0")]),
    // The clave de elector carries the birth date (YYMMDD) and sex: they must match the rest. One
    // that is not a clave at all (wrong shape) fails: the card says something that cannot be.
    clave_elector_match: !claveText
      ? null
      : !clave
        ? false
        : both(agree([clave.born, ...birthDates.map((d) => (d ? birthYymmdd(d) : null))]), agree([clave.sex, ...sexes])),
    // The emission number printed on the front (after the año de registro, or with EMISIÓN) and
    // the one in the MRZ's optional data (lib/mx/ine-mrz): a front and a back of two issues of
    // one person's card (an old card's front with a new back) share everything else.
    numero_emision_match: agree([evidence.front?.num_emisiones, evidence.mrz?.numeroEmision]),
  };
}

/** Both comparisons that could be made passed; null when neither could be made. */
function both(a: boolean | null, b: boolean | null): boolean | null {
  if (a === null && b === null) return null;
  return a !== false && b !== false;
}

/** true when at least two values are present and all present ones are equal; null with fewer than two. */
function agree(values: (string | null | undefined)[]): boolean | null {
  const present = values.filter((v): v is string => typeof v === "string" && v !== "");
  if (present.length < 2) return null;
  return present.every((v) => v === present[0]);
}

/**
 * Names compared as the MRZ writes them (no accents, Ñ as N, one separator), so "NÚÑEZ" on the
 * front matches "NUNEZ" in the MRZ; the MRZ's own line may be cut at 30 characters, so there it
 * only has to be the start of the others.
 */
function namesAgree(evidence: IdentityEvidence): boolean | null {
  const key = (n: PersonNames) => `${mrzName(n.primer_apellido)}<${mrzName(n.segundo_apellido)}<<${mrzName(n.nombres)}`;
  const full = [evidence.front, evidence.renapo].filter((n): n is NonNullable<typeof n> => !!n).map(key);
  const mrz = evidence.mrz ? key({ nombres: evidence.mrz.nombres, primer_apellido: evidence.mrz.primerApellido, segundo_apellido: evidence.mrz.segundoApellido }) : null;
  if (full.length + (mrz ? 1 : 0) < 2) return null;
  if (full.some((k) => k !== full[0])) return false;
  if (!mrz) return true;
  const reference = full[0]!;
  return mrz.length >= MRZ_NAME_LENGTH ? reference.startsWith(mrz.replace(/<+$/, "")) : reference === mrz;
}
