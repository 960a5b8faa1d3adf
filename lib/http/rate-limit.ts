import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

/**
 * A fixed-window counter per key, in this process's memory: enough to stop guessing and
 * hammering on public endpoints from one instance. Several app processes each keep their own
 * counts (so the effective limit is multiplied by their number).
 */
const windows = new Map<string, { start: number; count: number }>();

export function rateLimit(key: string, limit: number, windowMs: number, now = Date.now()): void {
  const current = windows.get(key);
  if (!current || now - current.start >= windowMs) {
    windows.set(key, { start: now, count: 1 });
    if (windows.size > 50_000) sweep(now, windowMs);
    return;
  }
  current.count++;
  if (current.count > limit) throw new AppError("RATE_LIMITED", "Too many requests; wait a minute and try again.");
}

function sweep(now: number, windowMs: number) {
  for (const [key, w] of windows) if (now - w.start >= windowMs) windows.delete(key);
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
export function clientIp(req: Request, trustProxy = env().TRUST_PROXY): string | null {
  if (trustProxy) {
    const forwarded = req.headers.get("x-forwarded-for")?.split(",").map((s) => s.trim()).filter(Boolean).at(-1);
    const real = req.headers.get("x-real-ip")?.trim();
    if (forwarded || real) return (forwarded || real)!;
  }
  return req.headers.get(PEER_ADDRESS_HEADER)?.trim() || null;
}

/**
 * Requests per minute on the public signing endpoints, per link (the id is the secret: per-id
 * stops hammering one link from many addresses) and per client address (stops one client
 * walking many ids). Reads share one address budget and writes another.
 */
export const SIGNING_LIMITS = {
  view: { id: ["link", 60], ip: ["link-ip", 120] },
  document: { id: ["document", 60], ip: ["link-ip", 120] },
  sign: { id: ["sign", 100], ip: ["sign-ip", 30] },
  reject: { id: ["reject", 30], ip: ["sign-ip", 30] },
  // RUBRICA: opening a verification spends the owner's transactions; a certificate costs an RSA signature.
  identity: { id: ["identity", 10], ip: ["sign-ip", 30] },
  certificate: { id: ["identity-certificate", 10], ip: ["sign-ip", 30] },
} as const satisfies Record<string, { id: readonly [string, number]; ip: readonly [string, number] }>;

/** Throws RATE_LIMITED (429) when the link or the client has used its minute's budget. */
export function limitSigningRequest(endpoint: keyof typeof SIGNING_LIMITS, signatureId: string, ip: string | null): void {
  const { id, ip: perIp } = SIGNING_LIMITS[endpoint];
  if (ip) rateLimit(`${perIp[0]}:${ip}`, perIp[1], 60_000);
  rateLimit(`${id[0]}:${signatureId}`, id[1], 60_000);
}
