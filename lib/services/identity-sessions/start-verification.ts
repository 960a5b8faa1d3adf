import { z } from "zod";
import type { DbOrTx } from "@/lib/db/client";
import type { IdentitySession } from "@/lib/db/schema";
import { createSessionV3Body } from "@/lib/schemas/identity-sessions";
import type { Actor } from "@/lib/services/actor";
import { findEmailBrand } from "@/lib/services/company-profiles/find-company-profile";
import { sendMessage } from "@/lib/services/messages/send-message";
import { createIdentitySession } from "./create-identity-session";
import { verificationUrl } from "./session-format";

/** What the dashboard's form asks: which checks, and whom to send the link to (both optional). */
export const startVerificationInput = z.object({
  validations: z.array(z.enum(["INE", "CURP", "LIVENESS_DETECTION"])).min(1, "Elige al menos una verificación."),
  email: z.email("Escribe un correo válido.").max(254).optional(),
  phone: z
    .string()
    .transform((v) => v.replace(/\D/g, ""))
    .pipe(z.string().regex(/^\d{10}$/, "Escribe los 10 dígitos del celular, sin +52."))
    .optional(),
  reference: z.string().trim().max(120).optional(),
});

/**
 * An identity verification started from the dashboard, as Stripe Identity's dashboard does: the
 * same session the API's version 3 creates (one transaction spent), its link sent by e-mail
 * and/or WhatsApp when an address or number is given, and returned for the owner to copy. The
 * reference the owner typed goes in `optionals`, where API clients keep theirs.
 */
export async function startVerification(db: DbOrTx, actor: Pick<Actor, "userId">, input: z.output<typeof startVerificationInput>): Promise<{ session: IdentitySession; url: string }> {
  return db.transaction(async (tx) => {
    const body = createSessionV3Body.parse({ validations: input.validations, phone_number: input.phone ?? null, optionals: { origen: "panel", ...(input.reference ? { referencia: input.reference } : {}) } });
    const session = await createIdentitySession(tx, actor, body, { apiVersion: 3 });
    const url = verificationUrl(session);
    if (input.email) {
      const brand = await findEmailBrand(tx, actor.userId);
      await sendMessage(tx, { userId: actor.userId, channel: "email", to: input.email, template: "identity-verification", locale: "es", params: { requesterName: brand.name || "Rúbrica", verificationUrl: url, brand } });
    }
    return { session, url };
  });
}
