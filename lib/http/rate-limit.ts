import { getDb, type DbOrTx } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/services/actor";
import { countRequests } from "@/lib/services/rate-limits/count-request";

/**
 * A fixed-window counter per key, kept in PostgreSQL (lib/services/rate-limits) so every app
 * process spends the same budget: N instances allow the limit, not N times it. A refusal is a 429
 * with Retry-After and the IETF draft's RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset
 * (draft-ietf-httpapi-ratelimit-headers-06: seconds until the window ends).
 */
export async function rateLimit(key: string, limit: number, windowMs: number, options: { db?: DbOrTx; now?: Date } = {}): Promise<void> {
  return rateLimitAll([[key, limit]], windowMs, options);
}

/**
 * rateLimit for several budgets a request spends at once, counted in one statement (one round
 * trip, not one per budget); refused by the first one, in the order given, that is over its limit.
 */
export async function rateLimitAll(budgets: ReadonlyArray<readonly [key: string, limit: number]>, windowMs: number, options: { db?: DbOrTx; now?: Date } = {}): Promise<void> {
  const counts = await countRequests(options.db ?? getDb(), budgets.map(([key]) => key), windowMs, options.now);
  const over = budgets.findIndex(([, limit], i) => counts[i]!.count > limit);
  if (over < 0) return;
  const limit = budgets[over]![1];
  const seconds = String(counts[over]!.resetSeconds);
  throw new AppError("RATE_LIMITED", "Too many requests; wait a minute and try again.", undefined, {
    "Retry-After": seconds,
    "RateLimit-Limit": String(limit),
    "RateLimit-Remaining": "0",
    "RateLimit-Reset": seconds,
  });
}

/**
 * The launcher (server.ts) writes the socket's peer address here on every request, replacing
 * whatever a client sent under that name: route handlers cannot see the socket.
 */
export const PEER_ADDRESS_HEADER = "x-rubrica-peer-address";

/**
 * The client's address, for rate limits and the audit log. By default the peer of the TCP
 * connection: X-Forwarded-For and X-Real-IP are anyone's to write, so believing them would let a
 * client pick a fresh address per request. With TRUST_PROXY (a reverse proxy in front that every
 * request goes through) the address that proxy saw: the last X-Forwarded-For entry (the one it
 * appended; entries before it came from the client), else its X-Real-IP.
 */
export function clientIp(req: Request | Headers, trustProxy = env().TRUST_PROXY): string | null {
  const headers = req instanceof Headers ? req : req.headers;
  if (trustProxy) {
    const forwarded = headers.get("x-forwarded-for")?.split(",").map((s) => s.trim()).filter(Boolean).at(-1);
    const real = headers.get("x-real-ip")?.trim();
    if (forwarded || real) return (forwarded || real)!;
  }
  return headers.get(PEER_ADDRESS_HEADER)?.trim() || null;
}

/**
 * Requests per minute on the public signing endpoints, per link (the id is the secret: per-id
 * stops hammering one link from many addresses) and per client address (stops one client
 * walking many ids). Reads share one address budget and writes another.
 */
export const SIGNING_LIMITS = {
  view: { id: ["link", 60], ip: ["link-ip", 120] },
  document: { id: ["document", 60], ip: ["link-ip", 120] },
  // The signing page's pictures of pages: one per page, another width or two when zooming.
  pageImage: { id: ["page-image", 300], ip: ["page-image-ip", 600] },
  sign: { id: ["sign", 100], ip: ["sign-ip", 30] },
  reject: { id: ["reject", 30], ip: ["sign-ip", 30] },
  // RUBRICA: opening a verification spends the owner's transactions; a certificate costs an RSA signature.
  identity: { id: ["identity", 10], ip: ["sign-ip", 30] },
  certificate: { id: ["identity-certificate", 10], ip: ["sign-ip", 30] },
} as const satisfies Record<string, { id: readonly [string, number]; ip: readonly [string, number] }>;

/** Throws RATE_LIMITED (429) when the link or the client has used its minute's budget. */
export async function limitSigningRequest(endpoint: keyof typeof SIGNING_LIMITS, signatureId: string, ip: string | null): Promise<void> {
  const { id, ip: perIp } = SIGNING_LIMITS[endpoint];
  // Both budgets in one statement: the signing page's pictures pay this on their way to the screen.
  await rateLimitAll([...(ip ? [[`${perIp[0]}:${ip}`, perIp[1]] as const] : []), [`${id[0]}:${signatureId}`, id[1]] as const], 60_000);
}

/**
 * The identity API's budget: IDENTITY_API_PER_MINUTE calls (30 by default) per endpoint and per
 * API key, the limit the identity service's existing clients were written against. Per key rather
 * than per user, so one integration polling hard does not starve another of the same account; per
 * endpoint, so polling a session leaves its creation alone. The key's id, never the key, names the
 * window. For `apiRoute`'s `limit`, which runs after authentication.
 */
export function identityApiLimit(endpoint: string) {
  return async (_req: Request, _params: unknown, actor: Actor | null): Promise<void> => {
    const caller = actor?.apiKeyId ?? actor?.userId;
    if (caller) await rateLimit(`identity-api:${endpoint}:${caller}`, env().IDENTITY_API_PER_MINUTE, 60_000);
  };
}

/**
 * Polls per minute of one result (one validation or session) by one API key: a tenth of the
 * key's result budget, 120 by default, one every 0.5 s, as the reference invites ("can be polled
 * until status is no longer pendiente"). A benchmark that raises the budget raises this with it.
 */
export const resultPollsPerMinute = () => Math.max(1, Math.floor(env().IDENTITY_RESULT_READS_PER_MINUTE / 10));

/**
 * The budget of result lookups (GET of one validation or session), apart from identityApiLimit's:
 * counted there, a client polling one validation every 0.5 s met 429 and ten validations in flight
 * could not be polled every 20 s. Per API key, IDENTITY_RESULT_READS_PER_MINUTE (1200) for the
 * endpoint, and a tenth of that for each result, so one runaway loop cannot take it all.
 */
export function identityResultLimit(endpoint: string, param: string) {
  return async (_req: Request, params: unknown, actor: Actor | null): Promise<void> => {
    const caller = actor?.apiKeyId ?? actor?.userId;
    if (!caller) return;
    await rateLimit(`identity-read:${endpoint}:${caller}`, env().IDENTITY_RESULT_READS_PER_MINUTE, 60_000);
    const id = (params as Record<string, unknown> | null)?.[param];
    if (typeof id === "string") await rateLimit(`identity-read:${endpoint}:${caller}:${id.slice(0, 64)}`, resultPollsPerMinute(), 60_000);
  };
}

/**
 * Password guessing: sign-in attempts per account (whoever tries, from wherever) and per client
 * address (one client walking many accounts), sign-ups per address. Counted before the password
 * is checked, for known and unknown e-mails alike, so a refusal says nothing about the account.
 */
export function accountLimits() {
  return {
    signInAccount: { limit: 10, windowMs: 15 * 60_000 },
    signInAddress: { limit: env().SIGN_IN_PER_ADDRESS, windowMs: 15 * 60_000 },
    signUpAddress: { limit: env().SIGN_UP_PER_ADDRESS, windowMs: 60 * 60_000 },
    // Each request mails a link: per address as sign-ups, and a few per e-mail so that nobody
    // fills someone's inbox (counted for unknown e-mails too, so the refusal tells nothing).
    accountMailAddress: { limit: env().SIGN_UP_PER_ADDRESS, windowMs: 60 * 60_000 },
    accountMailRecipient: { limit: 3, windowMs: 60 * 60_000 },
  };
}

/** Throws RATE_LIMITED past the budget of e-mails with account links (password reset, confirmation again). */
export async function limitAccountMail(kind: "password-reset" | "confirm-again", email: string, ip: string | null): Promise<void> {
  const { accountMailAddress, accountMailRecipient } = accountLimits();
  if (ip) await rateLimit(`account-mail-ip:${ip}`, accountMailAddress.limit, accountMailAddress.windowMs);
  await rateLimit(`${kind}:${email.trim().toLowerCase()}`, accountMailRecipient.limit, accountMailRecipient.windowMs);
}

/** Throws RATE_LIMITED (429, Retry-After) past either sign-in budget. */
export async function limitSignIn(email: string, ip: string | null): Promise<void> {
  const { signInAccount, signInAddress } = accountLimits();
  if (ip) await rateLimit(`sign-in-ip:${ip}`, signInAddress.limit, signInAddress.windowMs);
  await rateLimit(`sign-in:${email}`, signInAccount.limit, signInAccount.windowMs);
}

/** Throws RATE_LIMITED (429, Retry-After) past the sign-up budget of the address. */
export async function limitSignUp(ip: string | null): Promise<void> {
  const { signUpAddress } = accountLimits();
  if (ip) await rateLimit(`sign-up-ip:${ip}`, signUpAddress.limit, signUpAddress.windowMs);
}

/** Whole minutes a person must wait after a RATE_LIMITED refusal (at least 1). */
export function minutesToWait(err: AppError): number {
  return Math.max(1, Math.ceil(Number(err.headers?.["Retry-After"] ?? 60) / 60));
}
