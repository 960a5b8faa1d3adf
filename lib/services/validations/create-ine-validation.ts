import crypto from "node:crypto";
import type { z } from "zod";
import type { DbOrTx } from "@/lib/db/client";
import { ineValidations, type IneCardData, type IneValidation } from "@/lib/db/schema";
import { fileStorage } from "@/lib/adapters/storage/storage";
import { enqueue } from "@/lib/jobs/queue";
import type { createIneValidationBody } from "@/lib/schemas/validations";
import type { Actor } from "@/lib/services/actor";
import { spendTransaction } from "@/lib/services/quota/spend-transaction";
import { storeCardImage } from "./store-card-image";

const NO_CARD: IneCardData = { cic: null, identificador_ciudadano: null, ocr: null, clave_elector: null, numero_emision: null };

/**
 * Records a full INE validation, spends one transaction and queues the check (unless told not
 * to), all or nothing.
 * Card images are checked and stored first (content-addressed, so a refused request leaves at
 * most an unreferenced file behind, never a half-made validation).
 */
export async function createIneValidation(db: DbOrTx, actor: Actor, input: z.output<typeof createIneValidationBody>, options: { queue: boolean } = { queue: true }): Promise<IneValidation> {
  const jobId = crypto.randomUUID();
  const images = input.ine_front !== undefined && input.ine_back !== undefined;
  const [frontHash, backHash] = images
    ? await Promise.all([storeCardImage(db, fileStorage(), "ine_front", input.ine_front!), storeCardImage(db, fileStorage(), "ine_back", input.ine_back!)])
    : [null, null];
  const modern = input.cic !== undefined;
  const card: IneCardData = images
    ? NO_CARD
    : {
        cic: modern ? input.cic! : null,
        identificador_ciudadano: modern ? input.identificador_ciudadano! : null,
        ocr: modern ? null : input.ocr!,
        clave_elector: modern ? null : input.clave_elector!,
        numero_emision: modern ? null : input.numero_emision!,
      };
  return db.transaction(async (tx) => {
    await spendTransaction(tx, actor.userId);
    const [row] = await tx
      .insert(ineValidations)
      .values({ userId: actor.userId, source: images ? "images" : "data", card, frontHash, backHash, webhook: input.webhook, jobId })
      .returning();
    // Without the queue the caller checks it at once (validate-ine-now.ts).
    if (options.queue) await enqueue("validate-ine", { validationId: row!.id }, { id: jobId }, tx);
    return row!;
  });
}
