import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { PEER_ADDRESS_HEADER } from "@/lib/http/rate-limit";
import { seedUser } from "@/test/factories/seed";
import { GET, POST } from "./route";

// Auth.js's own credentials endpoint, as a client that speaks its protocol uses it: the CSRF
// token and cookie from /api/auth/csrf, then form posts to /api/auth/callback/credentials.
const BASE = "http://localhost:3000";

async function csrf() {
  const res = await GET(new NextRequest(`${BASE}/api/auth/csrf`));
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  return { csrfToken, cookie };
}

describe("POST /api/auth/callback/credentials when throttled", () => {
  it("answers 429 with Retry-After once the account's 10 attempts are spent (a failed attempt stays a redirect)", async () => {
    const { user } = await seedUser();
    const { csrfToken, cookie } = await csrf();
    const attempt = () =>
      POST(
        new NextRequest(`${BASE}/api/auth/callback/credentials`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", cookie, host: "localhost:3000", origin: BASE, [PEER_ADDRESS_HEADER]: "198.51.100.77" },
          body: new URLSearchParams({ email: user.email, password: "no-es-la-contraseña", csrfToken }),
        }),
      );
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await attempt()).status);
    expect(statuses.every((s) => s === 302)).toBe(true);
    const throttled = await attempt();
    expect(throttled.status).toBe(429);
    const retryAfter = Number(throttled.headers.get("retry-after"));
    expect(retryAfter % 60).toBe(0);
    expect(retryAfter).toBeGreaterThanOrEqual(60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  }, 60_000);
});
