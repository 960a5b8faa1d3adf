import { errorBody, validationErrorBody } from "@/lib/schemas/common";
import { apiKeyCreated, apiKeyList, idParams, signingWebhookBody, testWebhookBody, webhookDeliveryList } from "@/lib/schemas/dashboard";
import { apiKeyCreateSchema } from "@/lib/schemas/account";
import { apiKeyEmbedOriginsBody } from "@/lib/schemas/embedding";
import type { Operation } from "../registry";

const tags = ["Dashboard"];
const notFound = { 404: { description: "Not found, or not yours.", schema: errorBody } };
const unconfirmed = { 403: { description: "Your e-mail address is not confirmed yet: follow the link we sent to it first.", schema: errorBody } };

export const dashboardOperations: Operation[] = [
  { method: "get", path: "/api/dashboard/api-keys", operationId: "listApiKeys", summary: "List your API keys", tags, security: "session", responses: { 200: { description: "Keys, newest first; never the key itself.", schema: apiKeyList } } },
  { method: "post", path: "/api/dashboard/api-keys", operationId: "createApiKey", summary: "Create an API key", description: "The key is in this response only; it is stored as a SHA-256 hash.", tags, security: "session", body: apiKeyCreateSchema, responses: { 201: { description: "Created.", schema: apiKeyCreated }, ...unconfirmed } },
  {
    method: "patch",
    path: "/api/dashboard/api-keys/{id}",
    operationId: "setApiKeyEmbedOrigins",
    summary: "Set where this key's signing pages may be embedded",
    description:
      "Embedded signing: the signing page (`/signature/sign-document/{signature_id}`) of a document created with this key answers with `Content-Security-Policy: frame-ancestors <these origins>` (no `X-Frame-Options`), and posts its events (`rubrica:loaded`, `rubrica:signed`, `rubrica:rejected`, `rubrica:error`) only to these origins. With none, or for documents created from the dashboard or by another key, it answers `frame-ancestors 'none'` and `X-Frame-Options: DENY`. The list replaces the previous one and applies to the key's existing documents at once. `/embed.js` defines `<rubrica-signing signature-id=\"…\">`, which frames the page and re-dispatches the events as DOM `CustomEvent`s.",
    tags,
    security: "session",
    params: idParams,
    body: apiKeyEmbedOriginsBody,
    responses: { 200: { description: "The origins as stored (normalized, without repeats).", schema: apiKeyEmbedOriginsBody }, 422: { description: "An origin that is not https (http only on loopback), has a path or a wildcard; or more than 20.", schema: validationErrorBody }, ...notFound },
  },
  { method: "delete", path: "/api/dashboard/api-keys/{id}", operationId: "revokeApiKey", summary: "Revoke an API key", tags, security: "session", params: idParams, responses: { 204: { description: "Revoked (also when it already was)." }, ...notFound } },
  {
    method: "get",
    path: "/api/dashboard/webhook-deliveries",
    operationId: "listWebhookDeliveries",
    summary: "Webhook delivery log",
    description:
      "Outgoing webhooks are signed as Standard Webhooks: `webhook-id` (the same on every attempt), `webhook-timestamp` (Unix seconds) and `webhook-signature: v1,<base64 HMAC-SHA256 of id.timestamp.body>` with your secret (Settings). A 2xx answer within 10 s is success; otherwise up to 8 attempts: at once, then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (27 h 35 min in all). Redirects are not followed. Targets on loopback, private and link-local addresses are refused.",
    tags,
    security: "session",
    responses: { 200: { description: "Deliveries, newest first, with attempts.", schema: webhookDeliveryList } },
  },
  { method: "post", path: "/api/dashboard/webhook-deliveries/{id}/redeliver", operationId: "redeliverWebhook", summary: "Send a delivery again now", tags, security: "session", params: idParams, responses: { 202: { description: "Queued." }, ...notFound } },
  { method: "post", path: "/api/dashboard/webhook-deliveries/test", operationId: "sendTestWebhook", summary: "Send a ping event to a URL", tags, security: "session", body: testWebhookBody, responses: { 202: { description: "Queued." }, ...unconfirmed } },
  {
    method: "get",
    path: "/api/dashboard/signing-webhook",
    operationId: "getSigningWebhook",
    summary: "Where signing events go",
    tags,
    security: "session",
    responses: { 200: { description: "The URL or null.", schema: signingWebhookBody } },
  },
  {
    method: "put",
    path: "/api/dashboard/signing-webhook",
    operationId: "setSigningWebhook",
    summary: "Set where signing events go",
    description: "Events: `signature.signed`, `signature.rejected`, `document.completed`, each `{type, created_at, data: {document, ...}}`, signed like every webhook (Standard Webhooks) and retried on the schedule above. Also accepts an API key.",
    tags,
    security: "session",
    body: signingWebhookBody,
    responses: { 200: { description: "Saved.", schema: signingWebhookBody }, ...unconfirmed },
  },
];
