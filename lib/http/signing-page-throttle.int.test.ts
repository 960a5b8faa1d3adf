import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import { PEER_ADDRESS_HEADER, SIGNING_LIMITS } from "./rate-limit";

// The signing page through proxy.ts, as Next runs it before the page: its views are counted there.
describe("the signing page's view budget", () => {
  it("answers 429 with Retry-After past the link's budget, in the person's language, under the page's policy", async () => {
    const id = crypto.randomUUID();
    const view = (locale?: string) =>
      proxy(new NextRequest(`http://localhost:3000/signature/sign-document/${id}`, { headers: { [PEER_ADDRESS_HEADER]: `198.51.100.${Math.floor(Math.random() * 200)}`, ...(locale ? { cookie: `locale=${locale}` } : {}) } }));
    const budget = SIGNING_LIMITS.view.id[1];
    for (let i = 0; i < budget; i++) expect((await view()).status).not.toBe(429);
    const refused = await view();
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter >= 1 && retryAfter <= 60).toBe(true);
    expect(refused.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
    expect(await refused.text()).toContain("Este enlace se abrió demasiadas veces");
    expect(await (await view("en")).text()).toContain("This link was opened too many times");
  });
});
