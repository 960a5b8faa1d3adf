import type { ApiKeySummary } from "@/lib/services/api-keys/list-api-keys";
import type { DeliveryWithAttempts } from "@/lib/services/webhooks/list-webhook-deliveries";
import type { ApiKeySummaryJson, WebhookDeliveryJson } from "@/lib/schemas/dashboard";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function apiKeyJson(k: ApiKeySummary): ApiKeySummaryJson {
  return { id: k.id, name: k.name, prefix: k.prefix, scopes: k.scopes, embed_origins: k.embedOrigins, last_used_at: iso(k.lastUsedAt), revoked_at: iso(k.revokedAt), created_at: k.createdAt.toISOString() };
}

export function webhookDeliveryJson(d: DeliveryWithAttempts): WebhookDeliveryJson {
  return {
    id: d.id,
    event_type: d.eventType,
    url: d.url,
    status: d.status,
    attempts: d.attempts,
    next_attempt_at: iso(d.nextAttemptAt),
    last_status_code: d.lastStatusCode,
    last_error: d.lastError,
    created_at: d.createdAt.toISOString(),
    payload: d.payload,
    attempt_log: d.attemptLog.map((a) => ({
      attempt: a.attempt,
      status_code: a.statusCode,
      error: a.error,
      duration_ms: a.durationMs,
      response_excerpt: a.responseExcerpt,
      created_at: a.createdAt.toISOString(),
    })),
  };
}
