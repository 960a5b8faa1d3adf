import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import * as schema from "@/lib/db/schema";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { sweepRateLimitWindows } from "@/lib/services/rate-limits/count-request";
import { rateLimit, rateLimitAll } from "./rate-limit";

const refused = (check: Promise<void>) =>
  check.then(
    () => false,
    (err) => {
      if (err instanceof AppError && err.code === "RATE_LIMITED") return true;
      throw err;
    },
  );

// Two app instances: each its own postgres.js pool against the one database.
const clients = [postgres(env().DATABASE_URL!, { max: 5, onnotice: () => {} }), postgres(env().DATABASE_URL!, { max: 5, onnotice: () => {} })];
const [instanceA, instanceB] = clients.map((client) => drizzle(client, { schema }));
afterAll(() => Promise.all(clients.map((c) => c.end())));

describe("rateLimit", () => {
  it("allows `limit` requests per key in a window, refuses the next, and starts over when the window ends", async () => {
    const t0 = Date.UTC(2026, 0, 1);
    const at = (ms: number) => ({ now: new Date(t0 + ms) });
    for (let i = 0; i < 3; i++) expect(await refused(rateLimit("unit:a", 3, 60_000, at(i)))).toBe(false);
    expect(await refused(rateLimit("unit:a", 3, 60_000, at(10)))).toBe(true);
    expect(await refused(rateLimit("unit:a", 3, 60_000, at(59_999)))).toBe(true); // still the same window
    expect(await refused(rateLimit("unit:b", 3, 60_000, at(10)))).toBe(false); // another key, its own count
    expect(await refused(rateLimit("unit:a", 3, 60_000, at(60_000)))).toBe(false); // a new window
    expect(await refused(rateLimit("unit:a", 3, 60_000, at(60_001)))).toBe(false);
  });

  it("answers RATE_LIMITED with Retry-After and the RateLimit-* headers: seconds left in the window", async () => {
    const t0 = Date.UTC(2026, 0, 2);
    await rateLimit("unit:c", 1, 60_000, { now: new Date(t0) });
    const err = await rateLimit("unit:c", 1, 60_000, { now: new Date(t0 + 15_500) }).catch((e) => e);
    expect(err).toMatchObject({ code: "RATE_LIMITED", message: "Too many requests; wait a minute and try again." });
    expect(err.headers).toEqual({ "Retry-After": "45", "RateLimit-Limit": "1", "RateLimit-Remaining": "0", "RateLimit-Reset": "45" });
  });

  it("is one budget for every instance: two database clients share the limit", async () => {
    const key = `unit:shared:${crypto.randomUUID()}`;
    const outcomes = [];
    for (let i = 0; i < 10; i++) outcomes.push(await refused(rateLimit(key, 6, 60_000, { db: i % 2 ? instanceA : instanceB })));
    expect(outcomes.filter((r) => !r)).toHaveLength(6);
    expect(outcomes.slice(6)).toEqual([true, true, true, true]);
  });

  it("never lets concurrent requests through past the limit, from any instance", async () => {
    const key = `unit:race:${crypto.randomUUID()}`;
    const outcomes = await Promise.all(Array.from({ length: 60 }, (_, i) => refused(rateLimit(key, 20, 60_000, { db: [instanceA, instanceB, getDb()][i % 3] }))));
    expect(outcomes.filter((r) => !r)).toHaveLength(20);
  });

  it("counts several budgets in one statement and refuses by the first one over its limit", async () => {
    const t0 = Date.UTC(2026, 0, 4);
    const [link, client] = [`unit:link:${crypto.randomUUID()}`, `unit:ip:${crypto.randomUUID()}`];
    for (let i = 0; i < 2; i++) expect(await refused(rateLimitAll([[client, 3], [link, 2]], 60_000, { now: new Date(t0 + i) }))).toBe(false);
    const err = await rateLimitAll([[client, 3], [link, 2]], 60_000, { now: new Date(t0 + 30_000) }).catch((e) => e);
    expect(err).toMatchObject({ code: "RATE_LIMITED", headers: { "RateLimit-Limit": "2", "Retry-After": "30" } });
    // Both were counted each time: the client's budget is spent too.
    expect(await refused(rateLimit(client, 3, 60_000, { now: new Date(t0 + 30_001) }))).toBe(true);
  });

  it("admits no more than the limit when concurrent statements share keys, named in either order", async () => {
    const [a, b] = [`unit:a:${crypto.randomUUID()}`, `unit:b:${crypto.randomUUID()}`];
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) => refused(rateLimitAll(i % 2 ? [[a, 1000], [b, 25]] : [[b, 25], [a, 1000]], 60_000, { db: [instanceA, instanceB][i % 2] }))),
    );
    expect(outcomes.filter((r) => !r)).toHaveLength(25);
  });

  it("sweeps windows that ended and keeps the current ones", async () => {
    const t0 = Date.UTC(2026, 0, 3);
    await rateLimit("unit:old", 5, 60_000, { now: new Date(t0) });
    await rateLimit("unit:new", 5, 60_000, { now: new Date(t0 + 50_000) });
    await sweepRateLimitWindows(getDb(), new Date(t0 + 61_000));
    const keys = (await getDb().select().from(schema.rateLimitWindows)).map((w) => w.key);
    expect(keys).toContain("unit:new");
    expect(keys).not.toContain("unit:old");
  });
});
