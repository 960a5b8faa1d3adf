import type { SessionValidation } from "@/lib/db/schema";
import type { Verifications } from "@/lib/mx/identity-cross-checks";

/**
 * What the checks job found, reduced to the facts each requested validation depends on. Kept
 * separate from how they were obtained (OCR, registries, face models) so the rule that turns them
 * into `result` is one small function, tested on its own.
 */
export type SessionFindings = {
  /** The back's MRZ read with every check digit right. */
  mrzValid: boolean;
  /** The card's expiry (YYYY-MM-DD) is today or later. */
  cardCurrent: boolean;
  /** The voter roll's estado: VIGENTE passes; null when it could not be asked. */
  voterRoll: "VIGENTE" | "NO_VIGENTE" | "REPORTADA" | "NO_ENCONTRADA" | null;
  /** The face on the card is the selfie's face (score over the threshold). */
  faceMatch: boolean;
  /** RENAPO: found, with a current status code. */
  renapoCurrent: boolean;
  /** Active challenge passed in the browser and on the server, and the passive check found no spoof. */
  liveness: boolean;
  verifications: Verifications;
};

export type ValidationOutcome = { validation: SessionValidation; passed: boolean; reasons: string[] };

/**
 * Each requested validation passes or fails with its reasons:
 * - INE: the card is readable, current, registered and current in the voter roll, its sources
 *   agree with one another (birth date, sex, names, sección, clave de elector, emission number), and it is the
 *   selfie's face.
 * - CURP: the CURP is valid, RENAPO holds it as current, and it names the person on the card
 *   (birth date, sex and names agree, RENAPO included).
 * - LIVENESS_DETECTION: a live person took the selfie.
 * A cross-check that could not be made (null) does not fail a validation; one that failed does.
 */
export function judgeValidations(requested: SessionValidation[], f: SessionFindings): ValidationOutcome[] {
  const v = f.verifications;
  return requested.map((validation) => {
    const reasons: string[] = [];
    if (validation === "INE") {
      if (!f.mrzValid) reasons.push("mrz_invalido");
      if (!f.cardCurrent) reasons.push("credencial_vencida");
      if (f.voterRoll !== "VIGENTE") reasons.push(f.voterRoll ? `lista_nominal_${f.voterRoll.toLowerCase()}` : "lista_nominal_sin_respuesta");
      for (const key of ["fecha_nacimiento_match", "sexo_match", "nombre_match", "seccion_match", "clave_elector_match", "numero_emision_match"] as const) if (v[key] === false) reasons.push(key);
      if (!f.faceMatch) reasons.push("rostro_no_coincide");
    } else if (validation === "CURP") {
      if (v.curp_valido !== true) reasons.push("curp_invalida");
      if (!f.renapoCurrent) reasons.push("curp_no_vigente_en_renapo");
      for (const key of ["fecha_nacimiento_match", "sexo_match", "nombre_match"] as const) if (v[key] === false) reasons.push(key);
    } else if (!f.liveness) {
      reasons.push("prueba_de_vida_fallida");
    }
    return { validation, passed: reasons.length === 0, reasons: [...new Set(reasons)] };
  });
}

/** The session's `result`: the percentage (0–100, rounded) of requested validations that passed. */
export function sessionResult(outcomes: ValidationOutcome[]): number {
  if (outcomes.length === 0) return 0;
  return Math.round((100 * outcomes.filter((o) => o.passed).length) / outcomes.length);
}
