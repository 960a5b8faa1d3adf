import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { documents, users } from "@/lib/db/schema";
import { enqueueWebhook } from "./enqueue-webhook";

export type SigningEvent = "signature.signed" | "signature.rejected" | "document.completed";

/**
 * Sends a signing event to the document owner's signing webhook URL (Settings → Webhooks), if
 * they set one, through the shared signed-webhook service. Called inside the transaction that
 * makes the change, so an event is sent if and only if the change happened.
 */
export async function emitSigningEvent(db: DbOrTx, documentId: string, type: SigningEvent, details: Record<string, unknown>): Promise<void> {
  const [row] = await db
    .select({ document: documents, url: users.signingWebhookUrl, userId: users.id })
    .from(documents)
    .innerJoin(users, eq(users.id, documents.ownerUserId))
    .where(eq(documents.id, documentId));
  if (!row?.url) return;
  const d = row.document;
  await enqueueWebhook(db, {
    userId: row.userId,
    eventType: type,
    url: row.url,
    payload: {
      type,
      created_at: new Date().toISOString(),
      data: {
        document: { id: d.id, file_name: d.fileName, original_hash: d.originalHash, sign_status: d.signStatus, links: { self: `/documents/${d.id}` } },
        ...details,
      },
    },
  });
}
