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

/** The client's address: the first X-Forwarded-For hop when a proxy is in front, else the peer (server.ts). */
export function clientIp(req: Request): string | null {
  return req.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || req.headers.get("x-real-ip") || null;
}
