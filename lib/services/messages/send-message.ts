import type { DbOrTx } from "@/lib/db/client";
import { outboxMessages, type OutboxMessage } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { enqueue } from "@/lib/jobs/queue";
import { renderMessage, type Locale, type TemplateName } from "@/lib/messages/templates";
import { spendAccountQuota } from "@/lib/services/quota/spend-account-quota";

type Params<N extends TemplateName> = Parameters<typeof renderMessage<N>>[2];

/** Messages to the account's own address about the account: never counted against its notices quota. */
const ACCOUNT_MESSAGES: ReadonlySet<TemplateName> = new Set<TemplateName>(["welcome", "confirm-email", "account-exists", "password-reset"]);

/**
 * Renders a message, stores it in the outbox and queues its dispatch. Every message is kept,
 * sent or not, so the dashboard shows exactly what a recipient got. A message on an account's
 * behalf spends one of its notices quota; past it the message is kept as failed with the reason
 * and not sent (a job's notice, a reminder), or with `overQuota: "refuse"` the caller gets the
 * 429 (someone asked for it now: a link sent again).
 */
export async function sendMessage<N extends TemplateName>(
  db: DbOrTx,
  input: { userId: string | null; channel: "email" | "whatsapp"; to: string; template: N; locale: Locale; params: Params<N>; overQuota?: "hold" | "refuse" },
): Promise<OutboxMessage> {
  const rendered = renderMessage(input.template, input.locale, input.params);
  const refused = input.userId && !ACCOUNT_MESSAGES.has(input.template) ? await noticeRefusal(db, input.userId, input.overQuota ?? "hold") : null;
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
      ...(refused ? { status: "failed" as const, error: refused } : {}),
    })
    .returning();
  if (refused) return message!;
  // In the caller's transaction: the dispatch job exists only if the message row commits.
  await enqueue("send-message", { messageId: message!.id }, {}, db);
  return message!;
}

/** Spends one notice; the reason when none is left (a refusal is no SQL error: the caller's transaction goes on). */
async function noticeRefusal(db: DbOrTx, userId: string, overQuota: "hold" | "refuse"): Promise<string | null> {
  try {
    await spendAccountQuota(db, userId, "notices", 1);
    return null;
  } catch (err) {
    if (overQuota === "refuse" || !(err instanceof AppError) || err.code !== "RATE_LIMITED") throw err;
    return err.message;
  }
}
