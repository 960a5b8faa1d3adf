import { isCurrentCurpStatus, type CurpRegistryAnswer } from "@/lib/adapters/renapo/curp-registry";
import type { VoterRollAnswer } from "@/lib/adapters/ine/voter-roll";
import { checkCurp } from "@/lib/mx/curp";
import { crossCheckIdentity } from "@/lib/mx/identity-cross-checks";
import type { IneFront } from "@/lib/mx/ine-front";
import type { IneMrz } from "@/lib/mx/ine-mrz";
import { ineVerdict } from "./registry-verdicts";

/**
 * The full INE validation's one verdict (issue 26). Integrators read `data.status` and `message`
 * and nothing else (the clients of the service we mirror do), so `status` is true only when every
 * check made on the request agrees, and `message` names the first one that did not, in the order a
 * person would fix them: the voter roll, the card's expiry, the front against the back, the front
 * read well enough to compare, the CURP in RENAPO and its record against the card, the face.
 * A comparison that could not be made is not a pass: the message says which fields were not read.
 */

export type Unavailable = { unavailable: true; reason: string };

export type IneEvidence = {
  mrz: IneMrz;
  front: IneFront;
  roll: VoterRollAnswer | Unavailable;
  /** null when the front gave no CURP to ask about. */
  renapo: CurpRegistryAnswer | Unavailable | null;
  /** null when no selfie was sent. */
  face: { result: boolean } | null;
  now: Date;
};

/** One comparison of the front (OCR) with the back (MRZ): ok null when one side was not read. */
export type FrontBackComparison = { key: string; name: string; field: string; ok: boolean | null; required: boolean; mrzValue: string; ocrValue: string | null };

/** "2029-12-31" as the card and the reference print dates, "31/12/2029"; null for anything else. */
export const dmy = (iso: string | null | undefined) => (iso && /^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : null);

/**
 * The front's names as the cross-checks take them, or null when not all were read. A person with
 * one surname has none after it on either side: an empty second surname on the front is then read.
 */
function frontNames(front: IneFront, mrz: IneMrz | null) {
  const second = front.segundo_apellido ?? (mrz && mrz.segundoApellido === "" ? "" : null);
  if (!front.nombres || !front.primer_apellido || second === null) return null;
  return { ...front, nombres: front.nombres, primer_apellido: front.primer_apellido, segundo_apellido: second };
}

/**
 * The front against the back, field by field: names, birth date and sex (the CURP and the clave
 * de elector printed on the front carry both, so they take part), expiry, and where both sides
 * carry them the emission number, the sección and the clave. The first four are on the front of
 * every current model; a credential whose front did not give them cannot be said to be one card.
 */
export function compareFrontAndBack(front: IneFront, mrz: IneMrz): FrontBackComparison[] {
  // The front's sex and dates count even when its names were not read (those compare as null).
  const names = frontNames(front, mrz);
  const v = crossCheckIdentity({ curp: front.curp, front: names ?? { ...front, nombres: "", primer_apellido: "", segundo_apellido: "" }, mrz });
  const mrzBirth = dmy(mrz.birthDate) ?? mrz.birthDate;
  return [
    { key: "DataIntegrity_ft_Surname_And_Given_Names", name: "Nombre Completo", field: "nombre", ok: names ? v.nombre_match : null, required: true, mrzValue: `${mrz.primerApellido} ${mrz.segundoApellido} ${mrz.nombres}`.replace(/\s+/g, " ").trim(), ocrValue: front.nombre_completo },
    { key: "DataIntegrity_ft_Sex", name: "Sexo", field: "sexo", ok: v.sexo_match, required: true, mrzValue: mrz.sex ?? "", ocrValue: front.sexo },
    { key: "DataIntegrity_ft_Date_of_Birth", name: "Fecha de Nacimiento", field: "fecha de nacimiento", ok: v.fecha_nacimiento_match, required: true, mrzValue: mrzBirth, ocrValue: front.fecha_nacimiento ? dmy(front.fecha_nacimiento) : null },
    { key: "DataIntegrity_ft_Date_of_Expiry", name: "Fecha de Expiración", field: "vigencia", ok: front.vigencia ? mrz.expiry.slice(0, 4) === front.vigencia : null, required: true, mrzValue: mrz.expiry.slice(0, 4), ocrValue: front.vigencia },
    { key: "DataIntegrity_ft_Number_of_Duplicates", name: "Número de emisión", field: "número de emisión", ok: v.numero_emision_match, required: false, mrzValue: mrz.numeroEmision ?? "", ocrValue: front.num_emisiones },
    { key: "DataIntegrity_ft_Section", name: "Sección", field: "sección", ok: v.seccion_match, required: false, mrzValue: mrz.seccion ?? "", ocrValue: front.seccion },
    { key: "DataIntegrity_ft_Voter_Key", name: "Clave de Elector", field: "clave de elector", ok: v.clave_elector_match, required: false, mrzValue: `${mrzBirth} ${mrz.sex ?? ""}`, ocrValue: front.clave_elector },
  ];
}

export type RenapoFinding =
  | { kind: "not-asked" }
  | { kind: "unavailable" }
  | { kind: "not-found" }
  | { kind: "withdrawn"; code: string }
  | { kind: "found"; disagree: string[] };

/** What RENAPO said of the front's CURP, and whether its record names the person on the card. */
export function renapoFinding(e: Pick<IneEvidence, "renapo" | "front" | "mrz">): RenapoFinding {
  if (!e.renapo) return { kind: "not-asked" };
  if (!("estatus" in e.renapo)) return { kind: "unavailable" };
  const person = e.renapo.estatus === "ENCONTRADA" ? e.renapo.persona : null;
  if (!person) return { kind: "not-found" };
  if (!isCurrentCurpStatus(person.estatus_curp)) return { kind: "withdrawn", code: person.estatus_curp };
  const v = crossCheckIdentity({ curp: e.front.curp, front: frontNames(e.front, e.mrz), renapo: person });
  const disagree = [
    ...(v.nombre_match === false ? ["nombre"] : []),
    ...(v.fecha_nacimiento_match === false ? ["fecha de nacimiento"] : []),
    ...(v.sexo_match === false ? ["sexo"] : []),
  ];
  return { kind: "found", disagree };
}

const list = (items: string[]) => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} y ${items.at(-1)}`);

/** `status` and `message` for a request whose back's MRZ was read (an unread MRZ fails before this). */
export function judgeIneValidation(e: IneEvidence): { status: boolean; message: string } {
  const fail = (message: string) => ({ status: false, message });
  if (!("estado" in e.roll)) return fail("No fue posible consultar la Lista Nominal del INE; intenta de nuevo más tarde.");
  const roll = ineVerdict(e.roll.estado);
  if (!roll.status) return fail(roll.message);
  if (e.mrz.expiry < e.now.toISOString().slice(0, 10)) return fail(`La credencial venció el ${dmy(e.mrz.expiry)}; ya no es válida como medio de identificación.`);

  const comparisons = compareFrontAndBack(e.front, e.mrz);
  const disagree = comparisons.filter((c) => c.ok === false).map((c) => c.field);
  if (disagree.length) return fail(`El frente y el reverso no son de la misma credencial: no ${disagree.length > 1 ? "coinciden" : "coincide"} ${list(disagree)}.`);
  const unread = [...comparisons.filter((c) => c.required && c.ok === null).map((c) => c.field), ...(e.front.curp ? [] : ["CURP"])];
  if (unread.length) return fail(`No pudimos leer en el frente de la credencial ${list(unread)}, así que no se pudo comparar con el reverso. Envía una foto nítida del frente completo, de frente y sin reflejos.`);
  if (!checkCurp(e.front.curp!).valid) return fail("La CURP impresa en el frente de la credencial no es una CURP válida.");

  const renapo = renapoFinding(e);
  if (renapo.kind === "unavailable") return fail("RENAPO no está disponible para confirmar la CURP; intenta de nuevo más tarde.");
  if (renapo.kind === "not-found" || renapo.kind === "not-asked") return fail("La CURP no está registrada en RENAPO.");
  if (renapo.kind === "withdrawn") return fail(`La CURP está dada de baja en RENAPO (estatus ${renapo.code}).`);
  if (renapo.disagree.length) return fail(`Los datos de RENAPO no coinciden con los de la credencial: ${list(renapo.disagree)}.`);

  if (e.face && !e.face.result) return fail("El rostro de la selfie no coincide con el de la credencial");
  return { status: true, message: roll.message };
}
