import { z } from "zod";
import type { IneCardData } from "@/lib/db/schema";
import { postRegistry, RegistryUnavailableError } from "@/lib/adapters/registry-http/post-registry";

/**
 * The INE voter roll (lista nominal): is a credential, given by its card data, registered and
 * current? Both clients speak one protocol: a POST of the card data answers the record.
 */
export const VOTER_ROLL_STATES = ["VIGENTE", "NO_VIGENTE", "REPORTADA", "NO_ENCONTRADA"] as const;

export const voterRollResponse = z
  .object({
    estado: z.enum(VOTER_ROLL_STATES),
    registro: z
      .object({
        modelo: z.string(),
        vigencia: z.string(),
        anio_registro: z.string(),
        anio_emision: z.string(),
        numero_emision: z.string(),
        seccion: z.string(),
        entidad: z.string(),
      })
      .nullish(),
    consultado_en: z.string(),
  })
  .passthrough();
export type VoterRollAnswer = z.infer<typeof voterRollResponse>;

export interface VoterRoll {
  /** Throws RegistryUnavailableError when the service cannot answer now (retried by the job). */
  check(card: IneCardData): Promise<VoterRollAnswer>;
}

export function readVoterRollResponse(body: unknown): VoterRollAnswer {
  const parsed = voterRollResponse.safeParse(body);
  if (!parsed.success) throw new RegistryUnavailableError("The voter roll answered in an unexpected shape");
  return parsed.data;
}

/** The real service over HTTP: POST {INE_API_URL}/lista-nominal/consulta with a Bearer token. */
export function httpVoterRoll(baseUrl: string, token: string | undefined, timeoutMs: number): VoterRoll {
  return {
    async check(card) {
      const { json } = await postRegistry(`${baseUrl.replace(/\/$/, "")}/lista-nominal/consulta`, card, { token, timeoutMs, name: "The voter roll" });
      return readVoterRollResponse(json);
    },
  };
}

