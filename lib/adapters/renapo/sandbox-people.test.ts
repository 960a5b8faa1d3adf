import { describe, expect, it } from "vitest";
import { RegistryUnavailableError } from "@/lib/adapters/registry-http/post-registry";
import { SANDBOX_VOTERS } from "@/lib/adapters/ine/sandbox-voters";
import { checkCurp } from "@/lib/mx/curp";
import { isCurrentCurpStatus } from "./curp-registry";
import { SANDBOX_PEOPLE, SANDBOX_UNAVAILABLE_CURP, sandboxCurpRegistry } from "./sandbox-people";

const registry = sandboxCurpRegistry({ latencyMs: 0 });

describe("sandbox RENAPO", () => {
  it("holds only valid CURPs whose birth date and sex agree with the person", () => {
    expect(SANDBOX_PEOPLE).toHaveLength(6);
    for (const person of SANDBOX_PEOPLE) {
      expect(checkCurp(person.curp), person.curp).toMatchObject({ valid: true, birthDate: person.fecha_nacimiento, sex: person.sexo });
    }
  });

  it("knows every sandbox voter (the people on the sandbox INE cards) by name", async () => {
    for (const voter of SANDBOX_VOTERS) {
      const answer = await registry.lookUp(voter.curp);
      expect(answer.estatus).toBe("ENCONTRADA");
      expect(answer.persona).toMatchObject({ nombres: voter.nombres, primer_apellido: voter.primer_apellido, segundo_apellido: voter.segundo_apellido, sexo: voter.sexo, fecha_nacimiento: voter.fecha_nacimiento, nacionalidad: "MEX" });
      expect(isCurrentCurpStatus(answer.persona!.estatus_curp)).toBe(true);
    }
  });

  it("answers a withdrawn CURP with its baja code", async () => {
    const answer = await registry.lookUp("HEGE400101HVZRLR00");
    expect(answer.persona).toMatchObject({ nombres: "ERNESTO", estatus_curp: "BD", entidad_nacimiento: "VZ" });
    expect(isCurrentCurpStatus("BD")).toBe(false);
  });

  it("reads a 2000s birth (letter in position 17) on 29 February", async () => {
    expect((await registry.lookUp("MOCD040229MYNRSNA3")).persona).toMatchObject({ fecha_nacimiento: "2004-02-29", sexo: "M" });
  });

  it("does not find a valid but unknown CURP, nor one with a wrong check digit", async () => {
    expect(await registry.lookUp("BOXW310820HNERXN09")).toMatchObject({ estatus: "NO_ENCONTRADA", persona: null });
    expect(await registry.lookUp("NUGA800715HJCXRN08")).toMatchObject({ estatus: "NO_ENCONTRADA", persona: null });
  });

  it("is unavailable for the documented CURP", async () => {
    expect(checkCurp(SANDBOX_UNAVAILABLE_CURP).valid).toBe(true);
    await expect(registry.lookUp(SANDBOX_UNAVAILABLE_CURP)).rejects.toBeInstanceOf(RegistryUnavailableError);
  });

  it("tells current codes (A…, RC…) from withdrawn ones (B…)", () => {
    for (const code of ["AN", "AH", "RCN", "RCC"]) expect(isCurrentCurpStatus(code), code).toBe(true);
    for (const code of ["BD", "BAP", "BSU", "BDA", "BDM", ""]) expect(isCurrentCurpStatus(code), code).toBe(false);
  });
});
