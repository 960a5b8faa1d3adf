import { z } from "zod";
import { postRegistry, RegistryUnavailableError } from "@/lib/adapters/registry-http/post-registry";

/**
 * RENAPO, the national population registry: does a CURP exist, whom does it name, and is it
 * current? Both clients speak one protocol: a POST of the CURP answers the record.
 *
 * `estatus_curp` is RENAPO's own status code. Codes starting with A (AN alta normal, AH alta con
 * homonimia) or RC (RCN, RCC: registro de cambio) are current; those starting with B (BD baja por
 * defunción, BAP documento apócrifo, BSU sin uso, BDA/BDM duplicado…) are withdrawn.
 */
export const curpRegistryResponse = z
  .object({
    estatus: z.enum(["ENCONTRADA", "NO_ENCONTRADA"]),
    persona: z
      .object({
        curp: z.string(),
        nombres: z.string(),
        primer_apellido: z.string(),
        segundo_apellido: z.string(),
        // X: non-binary, as RENAPO issues since 2022 (lib/mx/curp); refusing it would refuse the person.
        sexo: z.enum(["H", "M", "X"]),
        fecha_nacimiento: z.string(),
        entidad_nacimiento: z.string(),
        nacionalidad: z.string(),
        estatus_curp: z.string(),
      })
      .nullish(),
    consultado_en: z.string(),
  })
  .passthrough();
export type CurpRegistryAnswer = z.infer<typeof curpRegistryResponse>;

export interface CurpRegistry {
  /** Throws RegistryUnavailableError when the registry cannot answer now (the job retries). */
  lookUp(curp: string): Promise<CurpRegistryAnswer>;
}

/** A CURP RENAPO still holds as current (not withdrawn). */
export function isCurrentCurpStatus(code: string): boolean {
  return /^(A|RC)/.test(code);
}

export function readCurpRegistryResponse(body: unknown): CurpRegistryAnswer {
  const parsed = curpRegistryResponse.safeParse(body);
  if (!parsed.success) throw new RegistryUnavailableError("RENAPO answered in an unexpected shape");
  return parsed.data;
}

/** The real service over HTTP: POST {RENAPO_API_URL}/curp/consulta with a Bearer token. */
export function httpCurpRegistry(baseUrl: string, token: string | undefined, timeoutMs: number): CurpRegistry {
  return {
    async lookUp(curp) {
      const { json } = await postRegistry(`${baseUrl.replace(/\/$/, "")}/curp/consulta`, { curp }, { token, timeoutMs, name: "RENAPO" });
      return readCurpRegistryResponse(json);
    },
  };
}
