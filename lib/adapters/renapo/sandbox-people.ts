import { RegistryUnavailableError } from "@/lib/adapters/registry-http/post-registry";
import { SANDBOX_VOTERS } from "@/lib/adapters/ine/sandbox-voters";
import { checkCurp } from "@/lib/mx/curp";
import { readCurpRegistryResponse, type CurpRegistry, type CurpRegistryAnswer } from "./curp-registry";

/**
 * The sandbox RENAPO (on by default): the sandbox voters (the same people as the sandbox INE
 * cards) plus people who exist only here, answered in the real service's body shape and read by
 * the same parser. The README lists them; tests rely on them. Any other CURP is NO_ENCONTRADA.
 */
export type SandboxPerson = {
  curp: string;
  nombres: string;
  primer_apellido: string;
  segundo_apellido: string;
  sexo: "H" | "M";
  fecha_nacimiento: string;
  estatus_curp: string;
};

export const SANDBOX_PEOPLE: SandboxPerson[] = [
  ...SANDBOX_VOTERS.map(({ curp, nombres, primer_apellido, segundo_apellido, sexo, fecha_nacimiento }) => ({
    curp,
    nombres,
    primer_apellido,
    segundo_apellido,
    sexo,
    fecha_nacimiento,
    estatus_curp: "AN",
  })),
  // Withdrawn: baja por defunción.
  { curp: "HEGE400101HVZRLR00", nombres: "ERNESTO", primer_apellido: "HERRERA", segundo_apellido: "GIL", sexo: "H", fecha_nacimiento: "1940-01-01", estatus_curp: "BD" },
  // Born in 2000 or later (a letter in position 17), and on a 29 February.
  { curp: "MOCD040229MYNRSNA3", nombres: "DANIELA", primer_apellido: "MORALES", segundo_apellido: "CASTILLO", sexo: "M", fecha_nacimiento: "2004-02-29", estatus_curp: "AN" },
];

/** This CURP (valid; SAT's generic one for foreigners) makes the sandbox RENAPO unavailable. */
export const SANDBOX_UNAVAILABLE_CURP = "XEXX010101HNEXXXA4";

export function sandboxCurpAnswer(curp: string, consultedAt = new Date()): CurpRegistryAnswer {
  const person = SANDBOX_PEOPLE.find((p) => p.curp === curp);
  const body = person
    ? {
        estatus: "ENCONTRADA",
        persona: { ...person, entidad_nacimiento: curp.slice(11, 13), nacionalidad: curp.slice(11, 13) === "NE" ? "EXT" : "MEX" },
        consultado_en: consultedAt.toISOString(),
      }
    : { estatus: "NO_ENCONTRADA", persona: null, consultado_en: consultedAt.toISOString() };
  return readCurpRegistryResponse(body);
}

export function sandboxCurpRegistry(options: { latencyMs: number }): CurpRegistry {
  return {
    async lookUp(curp) {
      if (options.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
      if (curp === SANDBOX_UNAVAILABLE_CURP) throw new RegistryUnavailableError(`RENAPO answered 503 (sandbox: ${SANDBOX_UNAVAILABLE_CURP} is always unavailable)`);
      // RENAPO never holds a CURP whose structure or check digit is wrong.
      if (!checkCurp(curp).valid) return readCurpRegistryResponse({ estatus: "NO_ENCONTRADA", persona: null, consultado_en: new Date().toISOString() });
      return sandboxCurpAnswer(curp);
    },
  };
}
