import crypto from "node:crypto";
import type { z } from "zod";
import type { DbOrTx } from "@/lib/db/client";
import { ineValidations, type IneValidation } from "@/lib/db/schema";
import { enqueue } from "@/lib/jobs/queue";
import type { createIneValidationBody } from "@/lib/schemas/validations";
import type { Actor } from "@/lib/services/actor";
import { spendTransaction } from "@/lib/services/quota/spend-transaction";

/** Records a full INE validation, spends one transaction and queues the check, all or nothing. */
export async function createIneValidation(db: DbOrTx, actor: Actor, input: z.output<typeof createIneValidationBody>): Promise<IneValidation> {
  const jobId = crypto.randomUUID();
  const modern = input.cic !== undefined;
  const card = {
    cic: modern ? input.cic! : null,
    identificador_ciudadano: modern ? input.identificador_ciudadano! : null,
    ocr: modern ? null : input.ocr!,
    clave_elector: modern ? null : input.clave_elector!,
    numero_emision: modern ? null : input.numero_emision!,
  };
  return db.transaction(async (tx) => {
    await spendTransaction(tx, actor.userId);
    const [row] = await tx.insert(ineValidations).values({ userId: actor.userId, card, webhook: input.webhook, jobId }).returning();
    await enqueue("validate-ine", { validationId: row!.id }, { id: jobId }, tx);
    return row!;
  });
}
