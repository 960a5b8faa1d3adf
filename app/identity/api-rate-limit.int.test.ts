import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { PEER_ADDRESS_HEADER } from "@/lib/http/rate-limit";
import { createApiKey } from "@/lib/services/api-keys/create-api-key";
import { seedUserWithKey } from "@/test/factories/seed";
import { call } from "@/test/http";
import { GET as show } from "./v2/identity/sessions/[id]/route";
import { GET as list } from "./v2/identity/sessions/route";
import { POST as createReceipt } from "./v1/miscellaneous/electricity/recibo/route";
import { GET as showReceipt } from "./v1/miscellaneous/electricity/recibo/[uuid]/route";

// The identity API's budget (issue 15): 30 calls a minute per endpoint and per API key, counted in
// PostgreSQL like every other limit, whoever sends them.

/** One client machine calling the session list with `key`. */
const listFrom = (key: string, address = "203.0.113.10") =>
  call(list, "/identity/v2/identity/sessions", { headers: { authorization: `Bearer ${key}`, [PEER_ADDRESS_HEADER]: address } });

afterEach(() => {
  delete process.env.IDENTITY_API_PER_MINUTE;
  delete process.env.IDENTITY_RESULT_READS_PER_MINUTE;
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

  it("counts result polling apart: ten validations polled once a second for a minute never meet 429, while creating is still limited", async () => {
    process.env.IDENTITY_API_PER_MINUTE = "10";
    resetEnvCache();
    const { key } = await seedUserWithKey();
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
    const create = () => call(createReceipt, "/identity/v1/miscellaneous/electricity/recibo", { method: "POST", headers, body: JSON.stringify({ numero_servicio: "123456789012", nombre_titular: "MARIA GUADALUPE PEREZ LOPEZ", importe: "1234.50" }) });
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await create();
      expect(res.status).toBe(201);
      ids.push((await res.json()).uuid);
    }
    // A minute of polling, once a second each, all inside one window: 600 lookups.
    const codes = new Map<number, number>();
    for (let second = 0; second < 60; second++) {
      for (const uuid of ids) {
        const status = (await call(showReceipt, `/identity/v1/miscellaneous/electricity/recibo/${uuid}`, { headers, params: { uuid } })).status;
        codes.set(status, (codes.get(status) ?? 0) + 1);
      }
    }
    expect(Object.fromEntries(codes)).toEqual({ 200: 600 });
    // Creation still has its own budget, spent by the ten above.
    const refused = await create();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    // One result polled faster than every 0.5 s meets its own limit, with Retry-After.
    const uuid = ids[0]!;
    const poll = () => call(showReceipt, `/identity/v1/miscellaneous/electricity/recibo/${uuid}`, { headers, params: { uuid } });
    for (let i = 60; i < 120; i++) expect((await poll()).status).toBe(200);
    const fast = await poll();
    expect(fast.status).toBe(429);
    expect(fast.headers.get("ratelimit-limit")).toBe("120");
  }, 120_000);
});
