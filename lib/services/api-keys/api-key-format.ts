import crypto from "node:crypto";

// "rk_" + 32 base64url characters (192 random bits). The prefix shown in lists is the first 10.
const KEY_PATTERN = /^rk_[A-Za-z0-9_-]{32}$/;

export function newApiKey(): { key: string; prefix: string; hash: string } {
  const key = `rk_${crypto.randomBytes(24).toString("base64url")}`;
  return { key, prefix: key.slice(0, 10), hash: hashApiKey(key) };
}

export function hashApiKey(key: string): string {
  return crypto.createHash("sha256").update(key).digest("hex");
}

export function looksLikeApiKey(value: string): boolean {
  return KEY_PATTERN.test(value);
}
