import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { users, webhookAttempts, webhookDeliveries } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { webhookHeaders } from "@/lib/crypto/standard-webhooks";
import { postWebhook, RefusedTargetError, type WebhookResponse } from "@/lib/adapters/webhook-http/post-webhook";
import { delayAfterAttempt } from "./retry-schedule";

export type AttemptOutcome =
  | { kind: "skipped" }
  | { kind: "succeeded"; statusCode: number }
  | { kind: "retry"; nextAttemptAt: Date }
  | { kind: "failed"; reason: string };

/**
 * One attempt at a pending delivery. Idempotent: a delivery that is no longer pending (already
 * succeeded, given up, or gone) is skipped, so a job that runs twice sends nothing twice after
 * success. The same webhook-id is used on every attempt so receivers can deduplicate.
 */
export async function attemptWebhookDelivery(db: DbOrTx, deliveryId: string, now = new Date()): Promise<AttemptOutcome> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, secret: users.webhookSecret })
    .from(webhookDeliveries)
    .innerJoin(users, eq(users.id, webhookDeliveries.userId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!row || row.delivery.status !== "pending") return { kind: "skipped" };
  const { delivery } = row;

  const body = JSON.stringify(delivery.payload);
  const timestamp = Math.floor(now.getTime() / 1000);
  const headers = webhookHeaders(row.secret, `msg_${delivery.id}`, timestamp, body);
  const started = performance.now();
  let response: WebhookResponse;
  let refused: string | null = null;
  try {
    response = await postWebhook(delivery.url, body, headers, { timeoutMs: env().WEBHOOK_TIMEOUT_MS, allowPrivate: env().WEBHOOK_ALLOW_PRIVATE });
  } catch (err) {
    if (!(err instanceof RefusedTargetError)) throw err;
    refused = err.message;
    response = { statusCode: null, error: err.message, body: "" };
  }
  const durationMs = Math.round(performance.now() - started);
  const ok = response.statusCode !== null && response.statusCode >= 200 && response.statusCode < 300;
  const attempt = delivery.attempts + 1;
  const error = ok ? null : (response.error ?? `HTTP ${response.statusCode}`);
  // A refused target never becomes allowed by waiting: give up at once.
  const delay = ok || refused ? null : delayAfterAttempt(attempt);
  const nextAttemptAt = delay === null ? null : new Date(now.getTime() + delay * 1000);
  const status = ok ? "succeeded" : nextAttemptAt ? "pending" : "failed";

  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      deliveryId,
      attempt,
      statusCode: response.statusCode,
      error,
      durationMs,
      responseExcerpt: response.body.slice(0, 500) || null,
    });
    await tx
      .update(webhookDeliveries)
      .set({ status, attempts: sql`${webhookDeliveries.attempts} + 1`, nextAttemptAt, lastStatusCode: response.statusCode, lastError: error, updatedAt: now })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, "pending")));
  });

  if (ok) return { kind: "succeeded", statusCode: response.statusCode! };
  if (nextAttemptAt) return { kind: "retry", nextAttemptAt };
  return { kind: "failed", reason: error! };
}
