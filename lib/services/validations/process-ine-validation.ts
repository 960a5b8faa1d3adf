import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { ineValidations, type IneCardData, type IneValidation, type IneValidationResult } from "@/lib/db/schema";
import { voterRoll } from "@/lib/adapters/ine/configured-voter-roll";
import type { VoterRoll, VoterRollAnswer } from "@/lib/adapters/ine/voter-roll";
import { RegistryRefusedError, RegistryUnavailableError } from "@/lib/adapters/registry-http/post-registry";
import { tesseractMrzReader, type MrzReader } from "@/lib/adapters/ocr/mrz-reader";
import { fileStorage } from "@/lib/adapters/storage/storage";
import type { FileStorage } from "@/lib/adapters/storage/file-storage";
import { enqueueWebhook } from "@/lib/services/webhooks/enqueue-webhook";
import { defaultFullIneDeps, fullIneCheck, type FullIneDeps } from "./full-ine-check";
import { ineValidationBody } from "./ine-validation-view";

export const INE_MAX_ATTEMPTS = 4;
export const INE_EVENT = "ine_validation.finished";

/** The readers, faces and RENAPO used for card photos default to the real ones. */
export type IneDeps = { voterRoll: VoterRoll; mrzReader: MrzReader; storage: FileStorage; now: () => Date } & Partial<Pick<FullIneDeps, "frontReader" | "faces" | "curpRegistry">>;
export type IneProcessOutcome = { kind: "finished"; status: IneValidation["status"] } | { kind: "already-final" } | { kind: "retry"; error: Error };

const MESSAGES: Record<VoterRollAnswer["estado"], string> = {
  VIGENTE: "La credencial está vigente como medio de identificación y puede votar.",
  NO_VIGENTE: "La credencial está en la Lista Nominal pero ya no está vigente como medio de identificación.",
  REPORTADA: "La credencial fue reportada como extraviada o robada; no es válida como medio de identificación.",
  NO_ENCONTRADA: "Los datos no corresponden a ninguna credencial de la Lista Nominal.",
};

/**
 * One attempt at a full INE validation (the validate-ine job): pending -> processing -> completed
 * (the voter roll answered; result.data.status says whether the credential is valid and current)
 * or failed (the voter roll could not be asked after INE_MAX_ATTEMPTS). Idempotent like the
 * receipt job: the final state and its webhook come from one conditional UPDATE.
 */
export async function processIneValidation(db: DbOrTx, id: string, deps: IneDeps = defaultDeps()): Promise<IneProcessOutcome> {
  const [claimed] = await db
    .update(ineValidations)
    .set({ status: "processing", attempts: sql`${ineValidations.attempts} + 1`, updatedAt: deps.now() })
    .where(and(eq(ineValidations.id, id), inArray(ineValidations.status, ["pending", "processing"])))
    .returning();
  if (!claimed) return { kind: "already-final" };

  // Card photos get the same check and result body as the synchronous call (full-ine-check.ts),
  // read again on a retry: reading is deterministic, and nothing half-read is ever kept.
  if (claimed.source === "images") {
    const [front, back] = await Promise.all([deps.storage.get(claimed.frontHash!), deps.storage.get(claimed.backHash!)]);
    const full = await fullIneCheck({ front, back, selfie: null }, { ...defaultFullIneDeps(), ...deps }, { waitsInLine: true });
    if (full.registryDown && claimed.attempts < INE_MAX_ATTEMPTS) return { kind: "retry", error: new RegistryUnavailableError("A registry did not answer") };
    return finish(db, claimed.id, full.registryDown ? "failed" : full.status, full.result, deps.now(), full.card ?? undefined);
  }
  const card = claimed.card;
  const read: Record<string, unknown> = { fuente: "datos" };

  let answer: VoterRollAnswer;
  try {
    answer = await deps.voterRoll.check(card);
  } catch (err) {
    const transient = err instanceof RegistryUnavailableError;
    if (!transient && !(err instanceof RegistryRefusedError)) throw err;
    if (transient && claimed.attempts < INE_MAX_ATTEMPTS) return { kind: "retry", error: err };
    const result = resultOf(false, `No fue posible consultar la Lista Nominal del INE (${claimed.attempts} intentos); cree otra validación más tarde.`, card, {}, read);
    return finish(db, claimed.id, "failed", result, deps.now(), card);
  }
  const info = {
    tipo: "INE",
    estado_lista_nominal: answer.estado,
    ...(answer.registro ?? {}),
    consultado_en: answer.consultado_en,
  };
  return finish(db, claimed.id, "completed", resultOf(answer.estado === "VIGENTE", MESSAGES[answer.estado], card, info, read), deps.now(), card);
}

function resultOf(status: boolean, message: string, card: IneCardData, documentInformation: Record<string, unknown>, read: Record<string, unknown>): IneValidationResult {
  const dataOcr = { ...card, modelo: card.cic ? "E/F/G/H" : "C/D", ...read };
  return { data: { status, message, dataOcr, documentInformation }, meta: { include: [], custom: [] } };
}

async function finish(db: DbOrTx, id: string, status: "completed" | "failed", result: IneValidationResult, now: Date, card?: IneCardData): Promise<IneProcessOutcome> {
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(ineValidations)
      .set({ status, result, updatedAt: now, ...(card ? { card } : {}) })
      .where(and(eq(ineValidations.id, id), eq(ineValidations.status, "processing")))
      .returning();
    if (!done) return { kind: "already-final" };
    if (done.webhook) await enqueueWebhook(tx, { userId: done.userId, eventType: INE_EVENT, url: done.webhook, payload: ineValidationBody(done) });
    return { kind: "finished", status: done.status };
  });
}

function defaultDeps(): IneDeps {
  return { voterRoll: voterRoll(), mrzReader: tesseractMrzReader, storage: fileStorage(), now: () => new Date() };
}
