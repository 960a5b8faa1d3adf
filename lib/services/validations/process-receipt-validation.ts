import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { receiptValidations, storedFiles, type ReceiptOutcome, type ReceiptValidation } from "@/lib/db/schema";
import type { PortalAnswer, ReceiptPortal } from "@/lib/adapters/cfe/receipt-portal";
import { receiptPortal } from "@/lib/adapters/cfe/configured-receipt-portal";
import { RegistryRefusedError, RegistryUnavailableError } from "@/lib/adapters/registry-http/post-registry";
import { fileStorage } from "@/lib/adapters/storage/storage";
import type { FileStorage } from "@/lib/adapters/storage/file-storage";
import { enqueueWebhook } from "@/lib/services/webhooks/enqueue-webhook";
import { compareReceipt } from "./compare-receipt";
import { receiptValidationEventBody } from "./receipt-validation-view";

/** Queries tried before a portal that keeps failing ends the validation in ERROR. */
export const RECEIPT_MAX_ATTEMPTS = 4;
export const RECEIPT_EVENT = "receipt_validation.finished";

export type ReceiptDeps = { portal: ReceiptPortal; storage: FileStorage; now: () => Date };
export type ProcessOutcome = { kind: "finished"; status: ReceiptValidation["status"] } | { kind: "already-final" } | { kind: "retry"; error: Error };

/**
 * One attempt at a pending receipt validation (the validate-receipt job). Idempotent: the final
 * state and its webhook are written by one conditional UPDATE in one transaction, so a retry
 * after a crash, or a second worker, finishes it once. A portal that cannot answer now is
 * retried (the job throws) until RECEIPT_MAX_ATTEMPTS, then the validation ends in ERROR.
 */
export async function processReceiptValidation(db: DbOrTx, id: string, deps: ReceiptDeps = defaultDeps()): Promise<ProcessOutcome> {
  const [claimed] = await db
    .update(receiptValidations)
    .set({ attempts: sql`${receiptValidations.attempts} + 1` })
    .where(and(eq(receiptValidations.id, id), eq(receiptValidations.status, "pendiente")))
    .returning();
  if (!claimed) return { kind: "already-final" };

  let answer: PortalAnswer;
  try {
    answer = await deps.portal.query(claimed.numeroServicio);
  } catch (err) {
    const transient = err instanceof RegistryUnavailableError;
    if (!transient && !(err instanceof RegistryRefusedError)) throw err;
    if (transient && claimed.attempts < RECEIPT_MAX_ATTEMPTS) return { kind: "retry", error: err };
    const mensaje = "No fue posible consultar el portal de la empresa eléctrica.";
    const outcome: ReceiptOutcome = { estado: "ERROR", verificado: false, mensaje, codigo_rechazo: null, datos_oficiales: null };
    const detail = transient ? `${mensaje} Se intentó ${claimed.attempts} veces: ${err.message}.` : `${mensaje} ${err.message}.`;
    return finish(db, claimed, { status: "ERROR", outcome, rawResponse: {}, receiptPdfHash: null, errorMessage: detail }, deps.now());
  }

  const outcome = compareReceipt({ nombre_titular: claimed.nombreTitular, importe: claimed.importe }, answer.found ? answer.receipt : null);
  let receiptPdfHash: string | null = null;
  // The PDF is kept only when the data match: it is shown only then.
  if (outcome.verificado && answer.found && answer.pdf) {
    const stored = await deps.storage.put(answer.pdf.bytes);
    await db.insert(storedFiles).values({ sha256: stored.sha256, size: stored.size, contentType: "application/pdf" }).onConflictDoNothing();
    receiptPdfHash = stored.sha256;
  }
  return finish(db, claimed, { status: outcome.estado, outcome, rawResponse: answer.raw, receiptPdfHash, errorMessage: null }, deps.now());
}

async function finish(
  db: DbOrTx,
  claimed: ReceiptValidation,
  final: Pick<ReceiptValidation, "status" | "outcome" | "rawResponse" | "receiptPdfHash" | "errorMessage">,
  now: Date,
): Promise<ProcessOutcome> {
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(receiptValidations)
      .set({ ...final, updatedAt: now })
      .where(and(eq(receiptValidations.id, claimed.id), eq(receiptValidations.status, "pendiente")))
      .returning();
    if (!done) return { kind: "already-final" };
    if (done.webhook) await enqueueWebhook(tx, { userId: done.userId, eventType: RECEIPT_EVENT, url: done.webhook, payload: receiptValidationEventBody(done, now) });
    return { kind: "finished", status: done.status };
  });
}

function defaultDeps(): ReceiptDeps {
  return { portal: receiptPortal(), storage: fileStorage(), now: () => new Date() };
}
