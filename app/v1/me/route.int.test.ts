import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { revokeApiKey } from "@/lib/services/api-keys/revoke-api-key";
import { seedUserWithKey } from "@/test/factories/seed";
import { call } from "@/test/http";
import { GET } from "./route";

describe("GET /v1/me (API key authentication)", () => {
  it("accepts the key as Authorization: Bearer and as X-Api-Key", async () => {
    const { user, key } = await seedUserWithKey({ name: "Begoña Ibáñez" });
    for (const headers of [{ authorization: `Bearer ${key}` }, { "x-api-key": key }] as Record<string, string>[]) {
      const res = await call(GET, "/v1/me", { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ id: user.id, name: "Begoña Ibáñez", email: user.email, role: "user", locale: "es" });
    }
  });

  it.each([
    ["no header", {}],
    ["an unknown key", { "x-api-key": "rk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" }],
    ["a malformed key", { authorization: "Bearer nope" }],
    ["another scheme", { authorization: "Basic dXNlcjpwYXNz" }],
  ])("answers 401 {message: Unauthorized} for %s", async (_, headers) => {
    const res = await call(GET, "/v1/me", { headers });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Unauthorized" });
  });

  it("stops accepting a revoked key", async () => {
    const { key, apiKey, actor } = await seedUserWithKey();
    expect((await call(GET, "/v1/me", { headers: { "x-api-key": key } })).status).toBe(200);
    await revokeApiKey(getDb(), actor, apiKey.id);
    expect((await call(GET, "/v1/me", { headers: { "x-api-key": key } })).status).toBe(401);
  });

  it("answers each key with its own user only", async () => {
    const a = await seedUserWithKey();
    const b = await seedUserWithKey();
    const resA = await (await call(GET, "/v1/me", { headers: { "x-api-key": a.key } })).json();
    const resB = await (await call(GET, "/v1/me", { headers: { "x-api-key": b.key } })).json();
    expect(resA.id).toBe(a.user.id);
    expect(resB.id).toBe(b.user.id);
  });

  it("returns a request id, echoing a valid one the caller sent", async () => {
    const { key } = await seedUserWithKey();
    const res = await call(GET, "/v1/me", { headers: { "x-api-key": key, "x-request-id": "abc-123" } });
    expect(res.headers.get("x-request-id")).toBe("abc-123");
    const other = await call(GET, "/v1/me", { headers: { "x-api-key": key } });
    expect(other.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
