import { beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { startSession } from "@/lib/services/users/user-sessions";
import { seedUserWithKey } from "@/test/factories/seed";
import { call } from "@/test/http";
import { DELETE as revokeKey } from "./api-keys/[id]/route";
import { POST as createKey } from "./api-keys/route";

// The dashboard cookie is the credential here; Auth.js's own session lookup is replaced by the
// seeded user and a live server-side session of theirs, so the test is about the same-origin rule alone.
const session = vi.hoisted(() => ({ userId: "", sessionId: "" }));
vi.mock("@/lib/auth", () => ({ auth: async () => ({ user: { id: session.userId }, sessionId: session.sessionId }) }));

const cookie = "authjs.session-token=signed-in";
const sameSite = { cookie, host: "localhost:3000", origin: "http://localhost:3000" };

describe("cookie-authenticated dashboard writes", () => {
  let apiKeyId = "";
  beforeEach(async () => {
    const { user, apiKey } = await seedUserWithKey();
    session.userId = user.id;
    session.sessionId = await startSession(getDb(), user.id);
    apiKeyId = apiKey.id;
  });

  const create = (headers: Record<string, string>) =>
    call(createKey, "/api/dashboard/api-keys", { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify({ name: "Integración" }) });
  const revoke = (headers: Record<string, string>) => call(revokeKey, `/api/dashboard/api-keys/${apiKeyId}`, { method: "DELETE", headers, params: { id: apiKeyId } });

  it.each([
    ["an Origin of another site", { cookie, host: "localhost:3000", origin: "https://evil.example" }],
    ["Sec-Fetch-Site: cross-site without Origin", { cookie, host: "localhost:3000", "sec-fetch-site": "cross-site" }],
    ["Origin: null", { cookie, host: "localhost:3000", origin: "null" }],
    // Without TRUST_PROXY anyone writes X-Forwarded-Host: it must not make another site's Origin look like ours.
    ["an Origin of another site with X-Forwarded-Host naming it", { cookie, host: "localhost:3000", origin: "https://evil.example", "x-forwarded-host": "evil.example" }],
  ])("refuses %s with 403 (creating and revoking API keys)", async (_, headers) => {
    const created = await create(headers);
    expect(created.status).toBe(403);
    expect(await created.json()).toEqual({ message: "Cross-site request refused." });
    expect((await revoke(headers)).status).toBe(403);
  });

  it("accepts the same writes from the app's own origin", async () => {
    expect((await create(sameSite)).status).toBe(201);
    expect((await revoke(sameSite)).status).toBeLessThan(300);
    expect((await create({ cookie, host: "localhost:3000", "sec-fetch-site": "same-origin" })).status).toBe(201);
  });

  it("believes X-Forwarded-Host only with TRUST_PROXY", async () => {
    process.env.TRUST_PROXY = "true";
    resetEnvCache();
    try {
      expect((await create({ cookie, host: "10.0.0.5:3000", origin: "https://firma.example.mx", "x-forwarded-host": "firma.example.mx" })).status).toBe(201);
    } finally {
      delete process.env.TRUST_PROXY;
      resetEnvCache();
    }
  });
});
