import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { outboxMessages } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { emailTransport, type Delivered } from "@/lib/adapters/email/email-transport";
import { whatsappTransport } from "@/lib/adapters/whatsapp/whatsapp-transport";

const MAX_ATTEMPTS = 6; // pg-boss runs the job up to 1 + retryLimit (5) times

/**
 * Sends one queued message through its channel's provider, or captures it when none is set.
 * Idempotent: only a message still "queued" is sent. A failure is recorded and rethrown so the
 * job is retried; the last failure marks the message failed.
 */
export async function dispatchMessage(db: DbOrTx, messageId: string): Promise<void> {
  const [message] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, messageId));
  if (!message || message.status !== "queued") return;
  const settings = env();
  let delivered: Delivered;
  try {
    delivered =
      message.channel === "email"
        ? await emailTransport(settings.SMTP_URL).deliver({ to: message.recipient, from: settings.MAIL_FROM, subject: message.subject, html: message.html ?? "", text: message.text })
        : await whatsappTransport({ apiUrl: settings.WHATSAPP_API_URL, phoneNumberId: settings.WHATSAPP_PHONE_NUMBER_ID, token: settings.WHATSAPP_TOKEN }).deliver({ to: message.recipient, text: message.text });
  } catch (err) {
    const attempts = message.attempts + 1;
    await db
      .update(outboxMessages)
      .set({ attempts: sql`${outboxMessages.attempts} + 1`, error: String((err as Error).message ?? err), status: attempts >= MAX_ATTEMPTS ? "failed" : "queued" })
      .where(eq(outboxMessages.id, messageId));
    if (attempts >= MAX_ATTEMPTS) return;
    throw err;
  }
  await db
    .update(outboxMessages)
    .set({
      status: delivered.status,
      attempts: sql`${outboxMessages.attempts} + 1`,
      providerMessageId: delivered.status === "sent" ? delivered.providerMessageId : null,
      sentAt: new Date(),
      error: null,
    })
    .where(and(eq(outboxMessages.id, messageId), eq(outboxMessages.status, "queued")));
}
