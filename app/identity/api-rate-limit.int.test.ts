import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { PEER_ADDRESS_HEADER } from "@/lib/http/rate-limit";
import { createApiKey } from "@/lib/services/api-keys/create-api-key";
import { seedUserWithKey } from "@/test/factories/seed";
import { call } from "@/test/http";
import { GET as show } from "./v2/identity/sessions/[id]/route";
import { GET as list } from "./v2/identity/sessions/route";

// The identity API's budget (issue 15): 30 calls a minute per endpoint and per API key, counted in
// PostgreSQL like every other limit, whoever sends them.

/** One client machine calling the session list with `key`. */
const listFrom = (key: string, address = "203.0.113.10") =>
  call(list, "/identity/v2/identity/sessions", { headers: { authorization: `Bearer ${key}`, [PEER_ADDRESS_HEADER]: address } });

afterEach(() => {
  delete process.env.IDENTITY_API_PER_MINUTE;
  resetEnvCache();
});

describe("the identity API's limit per endpoint and API key", () => {
  it("lets two clients with one key share 30 calls; the 31st is 429 with Retry-After; another key and another endpoint are untouched", async () => {
    const { key, actor } = await seedUserWithKey();
    const secondKey = (await createApiKey(getDb(), actor, { name: "otra integración" })).key;
    const stranger = await seedUserWithKey();

    const codes: number[] = [];
    for (let i = 0; i < 30; i++) codes.push((await listFrom(key, i % 2 ? "203.0.113.10" : "198.51.100.7")).status);
    expect(codes).toEqual(Array(30).fill(200));

    const refused = await listFrom(key, "192.0.2.99");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: "Too many requests; wait a minute and try again." });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    expect(refused.headers.get("ratelimit-limit")).toBe("30");
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    expect(refused.headers.get("ratelimit-reset")).toBe(String(retryAfter));

    // The same account's other key and another account's key each have their own budget.
    expect((await listFrom(secondKey)).status).toBe(200);
    expect((await listFrom(stranger.key)).status).toBe(200);
    // The spent key still reaches another endpoint (an unknown session: 404, not 429).
    const id = "6f1c1f4e-0000-4000-8000-000000000000";
    const other = await call(show, `/identity/v2/identity/sessions/${id}`, { headers: { authorization: `Bearer ${key}` }, params: { id } });
    expect(other.status).toBe(404);
  });

  it("takes its budget from IDENTITY_API_PER_MINUTE", async () => {
    process.env.IDENTITY_API_PER_MINUTE = "3";
    resetEnvCache();
    const { key } = await seedUserWithKey();
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await listFrom(key)).status);
    expect(codes).toEqual([200, 200, 200, 429]);
    expect((await listFrom(key)).headers.get("ratelimit-limit")).toBe("3");
  });
});
