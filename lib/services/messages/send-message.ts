import type { DbOrTx } from "@/lib/db/client";
import { outboxMessages, type OutboxMessage } from "@/lib/db/schema";
import { enqueue } from "@/lib/jobs/queue";
import { renderMessage, type Locale, type TemplateName } from "@/lib/messages/templates";

type Params<N extends TemplateName> = Parameters<typeof renderMessage<N>>[2];

/**
 * Renders a message, stores it in the outbox and queues its dispatch. Every message is kept,
 * sent or not, so the dashboard shows exactly what a recipient got.
 */
export async function sendMessage<N extends TemplateName>(
  db: DbOrTx,
  input: { userId: string | null; channel: "email" | "whatsapp"; to: string; template: N; locale: Locale; params: Params<N> },
): Promise<OutboxMessage> {
  const rendered = renderMessage(input.template, input.locale, input.params);
  const [message] = await db
    .insert(outboxMessages)
    .values({
      userId: input.userId,
      channel: input.channel,
      template: input.template,
      locale: input.locale,
      recipient: input.to,
      subject: rendered.subject,
      html: input.channel === "email" ? rendered.html : null,
      text: rendered.text,
    })
    .returning();
  // In the caller's transaction: the dispatch job exists only if the message row commits.
  await enqueue("send-message", { messageId: message!.id }, {}, db);
  return message!;
}
