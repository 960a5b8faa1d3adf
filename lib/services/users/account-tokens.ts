import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { accountTokens } from "@/lib/db/schema";

export type AccountTokenPurpose = "confirm_email" | "reset_password";

/** How long a link works: a confirmation waits for the person to read their mail; a reset is short. */
export const TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = { confirm_email: 48 * 3600_000, reset_password: 30 * 60_000 };

/** 256 random bits, URL-safe (43 characters): what an e-mail link carries. */
export function newSecretToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/**
 * What is stored instead of a token: its SHA-256. A token has 256 random bits, so a fast hash is
 * enough (nothing to guess); a copy of the database then opens no link.
 */
export function secretTokenHash(token: string): string {
  return crypto.createHash("sha256").update(token, "utf8").digest("hex");
}

/** A new link for `purpose`; an earlier one of the same purpose stops working. */
export async function issueAccountToken(db: DbOrTx, userId: string, purpose: AccountTokenPurpose, now = new Date()): Promise<string> {
  const token = newSecretToken();
  await db.delete(accountTokens).where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose)));
  await db.insert(accountTokens).values({ tokenHash: secretTokenHash(token), userId, purpose, createdAt: now, expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]) });
  return token;
}

/**
 * The user a link was sent to, once: the row is deleted as it is read (one statement, so two
 * clicks cannot both redeem it). An unknown, used or expired token gives null.
 */
export async function redeemAccountToken(db: DbOrTx, token: string, purpose: AccountTokenPurpose, now = new Date()): Promise<string | null> {
  const [row] = await db
    .delete(accountTokens)
    .where(and(eq(accountTokens.tokenHash, secretTokenHash(token)), eq(accountTokens.purpose, purpose)))
    .returning({ userId: accountTokens.userId, expiresAt: accountTokens.expiresAt });
  return row && row.expiresAt > now ? row.userId : null;
}

/** Whether a link is still good, without using it (the page that shows the form for it). */
export async function accountTokenIsLive(db: DbOrTx, token: string, purpose: AccountTokenPurpose, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ expiresAt: accountTokens.expiresAt })
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, secretTokenHash(token)), eq(accountTokens.purpose, purpose)));
  return !!row && row.expiresAt > now;
}
