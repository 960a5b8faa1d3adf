import { describe, expect, it } from "vitest";
import { judgeValidations, sessionResult, type SessionFindings } from "./score-session";

const allAgree = { curp_valido: true, fecha_nacimiento_match: true, sexo_match: true, nombre_match: true, seccion_match: true, clave_elector_match: true, numero_emision_match: true };
const good: SessionFindings = { mrzValid: true, cardCurrent: true, voterRoll: "VIGENTE", faceMatch: true, renapoCurrent: true, liveness: true, verifications: allAgree };

describe("judgeValidations and sessionResult", () => {
  it("passes every requested validation when everything checks out: result 100", () => {
    const outcomes = judgeValidations(["INE", "CURP", "LIVENESS_DETECTION"], good);
    expect(outcomes).toEqual([
      { validation: "INE", passed: true, reasons: [] },
      { validation: "CURP", passed: true, reasons: [] },
      { validation: "LIVENESS_DETECTION", passed: true, reasons: [] },
    ]);
    expect(sessionResult(outcomes)).toBe(100);
  });

  it("scores the share of requested validations that passed, rounded", () => {
    const noLiveness = { ...good, liveness: false };
    expect(sessionResult(judgeValidations(["INE", "CURP", "LIVENESS_DETECTION"], noLiveness))).toBe(67);
    expect(sessionResult(judgeValidations(["INE", "LIVENESS_DETECTION"], noLiveness))).toBe(50);
    // Liveness is not judged when it was not requested.
    expect(sessionResult(judgeValidations(["INE", "CURP"], noLiveness))).toBe(100);
    expect(sessionResult(judgeValidations(["CURP"], { ...good, renapoCurrent: false }))).toBe(0);
    expect(sessionResult([])).toBe(0);
  });

  it("fails INE with every reason: unreadable, expired, not current in the roll, sources disagreeing, another face", () => {
    const [ine] = judgeValidations(["INE"], {
      ...good,
      mrzValid: false,
      cardCurrent: false,
      voterRoll: "REPORTADA",
      faceMatch: false,
      verifications: { ...allAgree, seccion_match: false, clave_elector_match: false, numero_emision_match: false },
    });
    expect(ine).toEqual({ validation: "INE", passed: false, reasons: ["mrz_invalido", "credencial_vencida", "lista_nominal_reportada", "seccion_match", "clave_elector_match", "numero_emision_match", "rostro_no_coincide"] });
    expect(judgeValidations(["INE"], { ...good, voterRoll: null })[0]!.reasons).toEqual(["lista_nominal_sin_respuesta"]);
  });

  it("fails CURP when it is invalid, withdrawn, or names someone else; INE is not judged on RENAPO", () => {
    const findings = { ...good, renapoCurrent: false, verifications: { ...allAgree, curp_valido: false, nombre_match: false } };
    const [curp, ine] = judgeValidations(["CURP", "INE"], findings);
    expect(curp).toEqual({ validation: "CURP", passed: false, reasons: ["curp_invalida", "curp_no_vigente_en_renapo", "nombre_match"] });
    // The names disagreeing fails INE too (the card's own sources), but not for RENAPO's status.
    expect(ine!.reasons).toEqual(["nombre_match"]);
  });

  it("does not fail on a cross-check that could not be made (null)", () => {
    const nulls = { curp_valido: true, fecha_nacimiento_match: null, sexo_match: null, nombre_match: null, seccion_match: null, clave_elector_match: null, numero_emision_match: null };
    expect(sessionResult(judgeValidations(["INE", "CURP"], { ...good, verifications: nulls }))).toBe(100);
    // But a CURP never checked (null) is not a valid CURP.
    expect(judgeValidations(["CURP"], { ...good, verifications: { ...nulls, curp_valido: null } })[0]!.passed).toBe(false);
  });
});
