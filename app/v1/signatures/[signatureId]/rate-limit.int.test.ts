import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { signatories } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { PEER_ADDRESS_HEADER, SIGNING_LIMITS } from "@/lib/http/rate-limit";
import { seedDocument } from "@/test/factories/documents";
import { seedUserWithKey } from "@/test/factories/seed";
import { call } from "@/test/http";
import { GET as readDocument } from "./document/route";
import { POST as issueCertificate } from "./identity/certificate/route";
import { POST as startVerification } from "./identity/route";
import { POST as reject } from "./reject/route";
import { GET as view } from "./route";
import { POST as sign } from "./sign/route";
import { GET as pageImage } from "@/app/signature/sign-document/[signatureId]/pages/[page]/route";

// Every public signing endpoint, as server.ts hands requests to it: the peer address in
// PEER_ADDRESS_HEADER. Each request also carries a made-up X-Forwarded-For, which must not
// change whose budget it spends (TRUST_PROXY is off).
type Endpoint = keyof typeof SIGNING_LIMITS;
const handlers = { view, document: readDocument, pageImage, sign, reject, identity: startVerification, certificate: issueCertificate } as const;

let requests = 0;
function hit(endpoint: Endpoint, signatureId: string, peer: string) {
  const headers = { [PEER_ADDRESS_HEADER]: peer, "x-forwarded-for": `10.${(++requests >> 16) & 255}.${(requests >> 8) & 255}.${requests & 255}` };
  const write = endpoint !== "view" && endpoint !== "document" && endpoint !== "pageImage";
  // An empty body is refused (422) after the limit is counted: malformed requests spend budget too.
  return call(handlers[endpoint], `/v1/signatures/${signatureId}/x`, write ? { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: "{}", params: { signatureId } } : { headers, params: { signatureId, page: "1" } });
}

async function expectLimited(allowed: number, next: (i: number) => Promise<Response>) {
  const statuses: number[] = [];
  for (let i = 0; i < allowed; i++) statuses.push((await next(i)).status);
  expect(statuses.filter((s) => s === 429)).toEqual([]);
  const over = await next(allowed);
  expect(over.status).toBe(429);
  expect(over.headers.get("content-type")).toContain("application/json");
  expect(await over.json()).toEqual({ message: "Too many requests; wait a minute and try again." });
  expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(Number(over.headers.get("retry-after"))).toBeLessThanOrEqual(60);
  expect(over.headers.get("ratelimit-remaining")).toBe("0");
  expect(over.headers.get("ratelimit-reset")).toBe(over.headers.get("retry-after"));
  return statuses;
}

async function aLink() {
  const owner = await seedUserWithKey();
  const id = await seedDocument(owner.actor);
  const [first] = await getDb().select().from(signatories).where(eq(signatories.documentId, id)).orderBy(asc(signatories.position));
  return first!.id;
}

let peers = 0;
const freshPeer = () => `198.51.100.${++peers}`;
const manyPeers = () => {
  const block = ++peers;
  return (i: number) => `2001:db8:${block}::${i.toString(16)}`;
};

describe("rate limits of the public signing endpoints", () => {
  // Below the limit: reads answer 200, writes with an empty body 422, and RUBRICA on a document
  // that does not accept it 409.
  const UNDER_LIMIT: Record<Endpoint, number> = { view: 200, document: 200, pageImage: 200, sign: 422, reject: 422, identity: 409, certificate: 422 };

  it.each(Object.keys(SIGNING_LIMITS) as Endpoint[])("%s: one link is limited per id, even from a new address each time (429 with a JSON body)", async (endpoint) => {
    const link = await aLink();
    const peer = manyPeers();
    const statuses = await expectLimited(SIGNING_LIMITS[endpoint].id[1], (i) => hit(endpoint, link, peer(i)));
    expect(new Set(statuses)).toEqual(new Set([UNDER_LIMIT[endpoint]]));
  }, 60_000);

  it.each(Object.keys(SIGNING_LIMITS) as Endpoint[])("%s: one address is limited across ids, whatever X-Forwarded-For it sends (429 with a JSON body)", async (endpoint) => {
    const peer = freshPeer();
    await expectLimited(SIGNING_LIMITS[endpoint].ip[1], () => hit(endpoint, crypto.randomUUID(), peer));
  }, 60_000);

  it("reads share one per-address budget and writes another", async () => {
    const peer = freshPeer();
    for (let i = 0; i < SIGNING_LIMITS.view.ip[1]; i++) await hit(i % 2 ? "view" : "document", crypto.randomUUID(), peer);
    expect((await hit("view", crypto.randomUUID(), peer)).status).toBe(429);
    expect((await hit("sign", crypto.randomUUID(), peer)).status).toBe(422);
    for (let i = 1; i < SIGNING_LIMITS.sign.ip[1]; i++) await hit(i % 2 ? "sign" : "reject", crypto.randomUUID(), peer);
    expect((await hit("reject", crypto.randomUUID(), peer)).status).toBe(429);
  }, 60_000);

  it("with TRUST_PROXY, counts the client the proxy names instead of the proxy", async () => {
    process.env.TRUST_PROXY = "true";
    resetEnvCache();
    try {
      const proxy = freshPeer();
      const through = (client: string) => call(view, `/v1/signatures/x`, { headers: { [PEER_ADDRESS_HEADER]: proxy, "x-forwarded-for": `10.0.0.1, ${client}` }, params: { signatureId: crypto.randomUUID() } });
      await expectLimited(SIGNING_LIMITS.view.ip[1], () => through("203.0.113.77"));
      // Another client behind the same proxy has its own budget.
      expect((await through("203.0.113.78")).status).toBe(404);
    } finally {
      delete process.env.TRUST_PROXY;
      resetEnvCache();
    }
  }, 60_000);
});
