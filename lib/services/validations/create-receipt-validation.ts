import crypto from "node:crypto";
import type { z } from "zod";
import type { DbOrTx } from "@/lib/db/client";
import { receiptValidations, type ReceiptValidation } from "@/lib/db/schema";
import { enqueue } from "@/lib/jobs/queue";
import type { createReceiptValidationBody } from "@/lib/schemas/validations";
import type { Actor } from "@/lib/services/actor";

/**
 * Records a receipt validation and queues its query in one transaction: it exists if and only if
 * its job does. Receipt validations spend no identity transaction (they are not identity checks).
 */
export async function createReceiptValidation(db: DbOrTx, actor: Actor, input: z.output<typeof createReceiptValidationBody>): Promise<ReceiptValidation> {
  const jobId = crypto.randomUUID();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(receiptValidations)
      .values({ userId: actor.userId, numeroServicio: input.numero_servicio, nombreTitular: input.nombre_titular, importe: input.importe, webhook: input.webhook, jobId })
      .returning();
    await enqueue("validate-receipt", { validationId: row!.id }, { id: jobId }, tx);
    return row!;
  });
}
