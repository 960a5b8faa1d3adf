import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { DbOrTx } from "@/lib/db/client";
import { ineValidations, type IneValidation, type IneValidationResult } from "@/lib/db/schema";
import { invalid } from "@/lib/errors";
import type { createIneValidationBody } from "@/lib/schemas/validations";
import type { Actor } from "@/lib/services/actor";
import { createIneValidation } from "./create-ine-validation";
import { defaultFullIneDeps, fullIneCheck, type FullIneDeps } from "./full-ine-check";
import { MAX_IMAGE_PIXELS } from "@/lib/adapters/image-input";
import { refuseWhenReadingBusy, unlessReadingBusy } from "./front-reading-busy";
import { imageInfo, MAX_CARD_IMAGE_BYTES, megapixels } from "./store-card-image";

const decode = (value: string) => Buffer.from(value.replace(/^data:image\/\w+;base64,/, ""), "base64");

/**
 * A full INE validation from card photos, answered in the same call (the way the identity
 * service's clients call it): recorded and charged like the queued one, then checked here, and
 * kept completed or failed with its result, so operation 10 (GET by uuid) answers the same body
 * afterwards. The selfie is checked to be an image and used for the face comparison only.
 */
export async function validateIneNow(
  db: DbOrTx,
  actor: Actor,
  input: z.output<typeof createIneValidationBody> & { ine_front: string; ine_back: string },
  deps: FullIneDeps = defaultFullIneDeps(),
): Promise<{ row: IneValidation; result: IneValidationResult }> {
  const selfie = input.selfie !== undefined ? decode(input.selfie) : null;
  if (selfie) {
    if (selfie.byteLength > MAX_CARD_IMAGE_BYTES) throw invalid("selfie", "The selfie field must not be larger than 10 MB.");
    const image = await imageInfo(selfie);
    if (!image) throw invalid("selfie", "The selfie field must be a JPEG, PNG or WebP image as Base64 or a data URI.");
    // From its header, as the card images are (store-card-image): never decoded past the cap.
    if (image.pixels > MAX_IMAGE_PIXELS) throw invalid("selfie", `The selfie image has too many pixels (${megapixels(image.pixels)} MP); send at most ${megapixels(MAX_IMAGE_PIXELS)} MP.`);
  }
  refuseWhenReadingBusy();
  const row = await createIneValidation(db, actor, input, { queue: false });
  const outcome = await unlessReadingBusy(fullIneCheck({ front: decode(input.ine_front), back: decode(input.ine_back), selfie }, deps)).catch(async (err: unknown) => {
    // Not left pending forever with no job to finish it: failed, then the error goes on (500).
    await db.update(ineValidations).set({ status: "failed", updatedAt: deps.now() }).where(eq(ineValidations.id, row.id));
    throw err;
  });
  const [done] = await db
    .update(ineValidations)
    .set({ status: outcome.status, result: outcome.result, updatedAt: deps.now() })
    .where(and(eq(ineValidations.id, row.id), eq(ineValidations.status, "pending")))
    .returning();
  return { row: done ?? row, result: outcome.result };
}
