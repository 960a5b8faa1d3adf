import type { VoterRollAnswer } from "@/lib/adapters/ine/voter-roll";
import type { CurpRegistryAnswer } from "@/lib/adapters/renapo/curp-registry";
import { CURP_STATES } from "@/lib/mx/curp";

// The verdicts as the identity service's existing clients read them (the masked real answers in
// shared/realworld/verificamex): a boolean `status`, a Spanish `message`, and RENAPO's record with
// its own camelCase field names. One place, so the session detail, its webhook and the full INE
// validation say the same thing about the same registry answer.

const INE_MESSAGES: Record<VoterRollAnswer["estado"], string> = {
  VIGENTE: "La credencial es válida",
  NO_VIGENTE: "La credencial está en la Lista Nominal pero ya no está vigente como medio de identificación",
  REPORTADA: "La credencial fue reportada como extraviada o robada; no es válida como medio de identificación",
  NO_ENCONTRADA: "Los datos no corresponden a ninguna credencial de la Lista Nominal",
};

/** The voter roll's verdict: valid only when the credential is current (VIGENTE). */
export function ineVerdict(estado: VoterRollAnswer["estado"]): { status: boolean; message: string } {
  return { status: estado === "VIGENTE", message: INE_MESSAGES[estado] };
}

const SEXO = { H: "HOMBRE", M: "MUJER", X: "NO BINARIO" } as const;

// RENAPO's descriptions of the statuses our registries answer (the rest are shown by code only).
const STATUS_DESC: Record<string, string> = {
  AN: "Alta normal",
  AH: "Alta con homonimia",
  RCN: "Registro de cambio no afectando a CURP",
  RCC: "Registro de cambio afectando a CURP",
  BD: "Baja por defunción",
  BAP: "Baja por documento apócrifo",
  BSU: "Baja sin uso",
};

/** RENAPO's record in its own field names: dates DD/MM/YYYY, sexo spelled out, the state by name and code. */
export function renapoRegistro(person: NonNullable<CurpRegistryAnswer["persona"]>) {
  const [year, month, day] = person.fecha_nacimiento.split("-");
  const state = CURP_STATES[person.entidad_nacimiento as keyof typeof CURP_STATES];
  return {
    curp: person.curp,
    nombres: person.nombres,
    primerApellido: person.primer_apellido,
    segundoApellido: person.segundo_apellido,
    sexo: SEXO[person.sexo],
    fechaNacimiento: year && month && day ? `${day}/${month}/${year}` : person.fecha_nacimiento,
    nacionalidad: person.nacionalidad,
    entidad: state ? state.toUpperCase() : "",
    claveEntidad: person.entidad_nacimiento,
    statusCurp: person.estatus_curp,
    statusCurpDesc: STATUS_DESC[person.estatus_curp] ?? "",
  };
}

/** RENAPO's verdict: found or not, with the record when found ("codigo" 01 found, 02 not found). */
export function renapoVerdict(answer: CurpRegistryAnswer) {
  const found = answer.estatus === "ENCONTRADA" && answer.persona;
  return {
    codigo: found ? "01" : "02",
    status: Boolean(found),
    mensaje: found ? "Búsqueda exitosa por curp" : "La CURP no se encontró en RENAPO",
    registros: found ? [renapoRegistro(answer.persona!)] : [],
  };
}
