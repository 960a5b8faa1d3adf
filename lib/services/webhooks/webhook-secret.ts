import crypto from "node:crypto";

/** A Standard Webhooks secret: "whsec_" + base64 of 24 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(24).toString("base64")}`;
}
