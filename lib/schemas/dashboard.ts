import { z } from "zod";
import { uuidParam } from "./common";

// Internal endpoints behind the dashboard (session cookie). Browser-safe.
export const apiKeySummary = z
  .object({
    id: z.uuid(),
    name: z.string(),
    prefix: z.string(),
    scopes: z.array(z.string()),
    embed_origins: z.array(z.string()).describe("Origins whose pages may frame the signing pages of documents this key creates (embedded signing)."),
    last_used_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: "ApiKeySummary" });
export type ApiKeySummaryJson = z.infer<typeof apiKeySummary>;

export const apiKeyList = z.object({ data: z.array(apiKeySummary) }).meta({ id: "ApiKeyList" });
export const apiKeyCreated = z
  .object({ data: apiKeySummary, key: z.string().describe("The key itself. Shown only in this response.") })
  .meta({ id: "ApiKeyCreated" });

export const webhookAttemptJson = z.object({
  attempt: z.number().int(),
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
  response_excerpt: z.string().nullable(),
  created_at: z.string(),
});
export const webhookDeliveryJson = z
  .object({
    id: z.uuid(),
    event_type: z.string(),
    url: z.string(),
    status: z.enum(["pending", "succeeded", "failed"]),
    attempts: z.number().int(),
    next_attempt_at: z.string().nullable(),
    last_status_code: z.number().int().nullable(),
    last_error: z.string().nullable(),
    created_at: z.string(),
    attempt_log: z.array(webhookAttemptJson),
    payload: z.unknown(),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDeliveryJson = z.infer<typeof webhookDeliveryJson>;
export const webhookDeliveryList = z.object({ data: z.array(webhookDeliveryJson) }).meta({ id: "WebhookDeliveryList" });

export const idParams = z.object({ id: uuidParam });

export const webhookUrlSchema = z.url({ protocol: /^https?$/, error: "Enter an http(s) URL." }).max(2048);
export const testWebhookBody = z.object({ url: webhookUrlSchema });

export const signingWebhookBody = z
  .object({ url: z.url({ protocol: /^https?$/, error: "Must be an http(s) URL." }).max(2000).nullable() })
  .meta({ id: "SigningWebhook", description: "Where signature.signed, signature.rejected and document.completed are POSTed (Standard Webhooks signature); null to stop." });
