import crypto from "node:crypto";

/**
 * Standard Webhooks signing (standardwebhooks.com): HMAC-SHA256 over "{id}.{timestamp}.{body}"
 * with the secret's bytes (the base64 after "whsec_"), sent as "v1,<base64>".
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith("whsec_") ? secret.slice(6) : secret, "base64");
  const mac = crypto.createHmac("sha256", key).update(`${id}.${timestampSeconds}.${body}`).digest("base64");
  return `v1,${mac}`;
}

export function webhookHeaders(secret: string, id: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestampSeconds),
    "webhook-signature": signWebhook(secret, id, timestampSeconds, body),
  };
}
