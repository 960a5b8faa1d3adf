import type { IneCardData } from "@/lib/db/schema";
import { RegistryUnavailableError } from "@/lib/adapters/registry-http/post-registry";
import { readVoterRollResponse, type VoterRoll, type VoterRollAnswer } from "./voter-roll";

/**
 * The sandbox voter roll (on by default): documented test credentials, answered in the real
 * service's body shape and read by the same parser. The README lists them; tests rely on them.
 */
export type SandboxVoter = {
  nombre: string;
  nombres: string;
  primer_apellido: string;
  segundo_apellido: string;
  /** YYYY-MM-DD; also in the clave de elector. */
  fecha_nacimiento: string;
  sexo: "H" | "M";
  /** Valid (lib/mx/curp) and known to the sandbox RENAPO with these names. */
  curp: string;
  cic: string;
  identificador_ciudadano: string;
  ocr: string;
  clave_elector: string;
  numero_emision: string;
  estado: "VIGENTE" | "NO_VIGENTE" | "REPORTADA";
  modelo: string;
  vigencia: string;
  anio_registro: string;
  anio_emision: string;
  seccion: string;
  entidad: string;
};

export const SANDBOX_VOTERS: SandboxVoter[] = [
  { nombre: "MARIA GUADALUPE PEREZ LOPEZ", nombres: "MARIA GUADALUPE", primer_apellido: "PEREZ", segundo_apellido: "LOPEZ", fecha_nacimiento: "1985-03-12", sexo: "M", curp: "PELG850312MDFRPD00", cic: "200000001", identificador_ciudadano: "100000001", ocr: "0123100000001", clave_elector: "PRLPMR85031209M800", numero_emision: "01", estado: "VIGENTE", modelo: "G", vigencia: "2031", anio_registro: "2003", anio_emision: "2021", seccion: "0123", entidad: "CIUDAD DE MÉXICO" },
  { nombre: "JOSÉ ÁNGEL NÚÑEZ GARCÍA", nombres: "JOSÉ ÁNGEL", primer_apellido: "NÚÑEZ", segundo_apellido: "GARCÍA", fecha_nacimiento: "1980-07-15", sexo: "H", curp: "NUGA800715HJCXRN07", cic: "200000002", identificador_ciudadano: "100000002", ocr: "1456100000002", clave_elector: "NXGRAN80071514H300", numero_emision: "02", estado: "VIGENTE", modelo: "H", vigencia: "2033", anio_registro: "1998", anio_emision: "2023", seccion: "1456", entidad: "JALISCO" },
  { nombre: "SOFÍA IBÁÑEZ PEÑA", nombres: "SOFÍA", primer_apellido: "IBÁÑEZ", segundo_apellido: "PEÑA", fecha_nacimiento: "1990-12-03", sexo: "M", curp: "IAPS901203MNLBXF09", cic: "200000003", identificador_ciudadano: "100000003", ocr: "0789100000003", clave_elector: "IBPXSF90120319M500", numero_emision: "00", estado: "NO_VIGENTE", modelo: "E", vigencia: "2023", anio_registro: "2008", anio_emision: "2013", seccion: "0789", entidad: "NUEVO LEÓN" },
  { nombre: "LUIS ALBERTO RAMÍREZ SOTO", nombres: "LUIS ALBERTO", primer_apellido: "RAMÍREZ", segundo_apellido: "SOTO", fecha_nacimiento: "1975-11-08", sexo: "H", curp: "RASL751108HPLMTS08", cic: "200000004", identificador_ciudadano: "100000004", ocr: "2210100000004", clave_elector: "RMSTLS75110821H100", numero_emision: "03", estado: "REPORTADA", modelo: "F", vigencia: "2029", anio_registro: "1995", anio_emision: "2019", seccion: "2210", entidad: "PUEBLA" },
];

/** This CIC makes the sandbox voter roll unavailable (every attempt): the validation fails. */
export const SANDBOX_UNAVAILABLE_CIC = "999999999";

export function sandboxVoterAnswer(card: IneCardData, consultedAt = new Date()): VoterRollAnswer {
  const voter = SANDBOX_VOTERS.find((v) =>
    card.cic ? v.cic === card.cic && v.identificador_ciudadano === card.identificador_ciudadano : v.clave_elector === card.clave_elector && v.numero_emision === card.numero_emision && v.ocr === card.ocr,
  );
  const body = voter
    ? {
        estado: voter.estado,
        registro: { modelo: voter.modelo, vigencia: voter.vigencia, anio_registro: voter.anio_registro, anio_emision: voter.anio_emision, numero_emision: voter.numero_emision, seccion: voter.seccion, entidad: voter.entidad },
        consultado_en: consultedAt.toISOString(),
      }
    : { estado: "NO_ENCONTRADA", registro: null, consultado_en: consultedAt.toISOString() };
  return readVoterRollResponse(body);
}

export function sandboxVoterRoll(options: { latencyMs: number }): VoterRoll {
  return {
    async check(card) {
      if (options.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
      if (card.cic === SANDBOX_UNAVAILABLE_CIC) throw new RegistryUnavailableError("The voter roll answered 503 (sandbox: CIC 999999999 is always unavailable)");
      return sandboxVoterAnswer(card);
    },
  };
}
