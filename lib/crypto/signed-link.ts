import crypto from "node:crypto";

/**
 * Links that carry their own permission: `?expires=<unix seconds>&signature=<base64url HMAC>`
 * over the path and the expiry. Whoever holds the link may use it until it expires; nothing is
 * stored. Used for files handed to integrators (the receipt PDF of a validation).
 */
export function signLink(path: string, expiresAt: Date, key: Uint8Array): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${path}?expires=${expires}&signature=${mac(path, expires, key)}`;
}

export type LinkCheck = "valid" | "expired" | "invalid";

export function checkLink(path: string, expires: string | null, signature: string | null, key: Uint8Array, now: Date): LinkCheck {
  if (!expires || !/^\d{1,12}$/.test(expires) || !signature) return "invalid";
  const expected = Buffer.from(mac(path, Number(expires), key));
  const given = Buffer.from(signature);
  // Constant time, so the signature cannot be guessed byte by byte from response times.
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return "invalid";
  return Number(expires) * 1000 <= now.getTime() ? "expired" : "valid";
}

function mac(path: string, expires: number, key: Uint8Array): string {
  return crypto.createHmac("sha256", key).update(`${path}\n${expires}`).digest("base64url");
}
