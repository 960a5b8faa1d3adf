import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { apiKeys, signatories } from "@/lib/db/schema";
import type { Actor } from "@/lib/services/actor";
import { revokeApiKey } from "@/lib/services/api-keys/revoke-api-key";
import { startSession } from "@/lib/services/users/user-sessions";
import { defaultFolderId, makePdf, seedDocument } from "@/test/factories/documents";
import { seedUserWithKey } from "@/test/factories/seed";
import { call } from "@/test/http";
import { PATCH as setOrigins } from "@/app/api/dashboard/api-keys/[id]/route";
import { POST as createDocumentRoute } from "@/app/v1/containers/[uuid]/documents/route";
import { PATCH as updateDocumentRoute } from "@/app/v1/documents/[uuid]/route";
import { proxy } from "@/proxy";
import { PEER_ADDRESS_HEADER } from "./rate-limit";
import { embeddingFromHeader, embeddingHeaderValue, SIGNING_EMBEDDING_HEADER } from "./signing-page-framing";

// The dashboard cookie is the credential of the PATCH; Auth.js's lookup is replaced by the seeded
// user and a live server-side session of theirs (as app/api/dashboard/cross-site.int.test.ts does).
const session = vi.hoisted(() => ({ userId: "", sessionId: "" }));
vi.mock("@/lib/auth", () => ({ auth: async () => ({ user: { id: session.userId }, sessionId: session.sessionId }) }));

const sameSite = { cookie: "authjs.session-token=signed-in", host: "localhost:3000", origin: "http://localhost:3000", "content-type": "application/json" };

async function signIn(userId: string) {
  session.userId = userId;
  session.sessionId = await startSession(getDb(), userId);
}

const patchOrigins = (apiKeyId: string, body: unknown) => call(setOrigins, `/api/dashboard/api-keys/${apiKeyId}`, { method: "PATCH", headers: sameSite, body: JSON.stringify(body), params: { id: apiKeyId } });

/** The signing page's headers as proxy.ts answers them (Next applies them to the page). */
async function pageHeaders(signatureId: string) {
  const res = await proxy(new NextRequest(`http://localhost:3000/signature/sign-document/${signatureId}`, { headers: { [PEER_ADDRESS_HEADER]: `198.51.100.${Math.floor(Math.random() * 200)}` } }));
  const csp = res.headers.get("content-security-policy") ?? "";
  return { frameAncestors: csp.split(/;\s*/).find((d) => d.startsWith("frame-ancestors")), xFrameOptions: res.headers.get("x-frame-options") };
}

async function firstSignatory(documentId: string) {
  const [row] = await getDb().select().from(signatories).where(eq(signatories.documentId, documentId)).orderBy(signatories.position);
  return row!;
}

describe("embedded signing: who may frame a signing page", () => {
  let integrator: Awaited<ReturnType<typeof seedUserWithKey>>;
  const keyActor = (s: typeof integrator): Actor => ({ ...s.actor, via: "apiKey", apiKeyId: s.apiKey.id });
  beforeEach(async () => {
    integrator = await seedUserWithKey();
    await signIn(integrator.user.id);
  });

  it("lists the key's origins in frame-ancestors, normalized, and drops X-Frame-Options", async () => {
    const res = await patchOrigins(integrator.apiKey.id, { embed_origins: ["https://App.Example.mx/", "https://app.example.mx:443", "http://localhost:4000"] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ embed_origins: ["https://app.example.mx", "http://localhost:4000"] });
    const signer = await firstSignatory(await seedDocument(keyActor(integrator)));
    expect(await pageHeaders(signer.id)).toEqual({ frameAncestors: "frame-ancestors https://app.example.mx http://localhost:4000", xFrameOptions: null });
  });

  it("frames nowhere a document made from the dashboard, or by a key without origins, or by a revoked key", async () => {
    await patchOrigins(integrator.apiKey.id, { embed_origins: ["https://app.example.mx"] });
    const fromDashboard = await firstSignatory(await seedDocument(integrator.actor));
    const other = await seedUserWithKey();
    const byKeyWithout = await firstSignatory(await seedDocument(keyActor(other)));
    const byKey = await firstSignatory(await seedDocument(keyActor(integrator)));
    await revokeApiKey(getDb(), integrator.actor, integrator.apiKey.id);
    for (const signer of [fromDashboard, byKeyWithout, byKey]) {
      expect(await pageHeaders(signer.id)).toEqual({ frameAncestors: "frame-ancestors 'none'", xFrameOptions: "DENY" });
    }
  });

  it("does not lend one account's origins to another account's documents", async () => {
    const other = await seedUserWithKey();
    const othersDocument = await firstSignatory(await seedDocument(keyActor(other)));
    // The integrator's PATCH on the other account's key: 404, as any key that is not theirs.
    expect((await patchOrigins(other.apiKey.id, { embed_origins: ["https://app.example.mx"] })).status).toBe(404);
    await patchOrigins(integrator.apiKey.id, { embed_origins: ["https://app.example.mx"] });
    expect((await pageHeaders(othersDocument.id)).frameAncestors).toBe("frame-ancestors 'none'");
  });

  it("hands the page proxy's embedding on the request, never one a client forged", async () => {
    await patchOrigins(integrator.apiKey.id, { embed_origins: ["https://app.example.mx"] });
    const signer = await firstSignatory(await seedDocument(keyActor(integrator)));
    const forged = embeddingHeaderValue({ frameAncestors: ["https://evil.example"], redirectUrl: "https://evil.example/phish" });
    const forward = async (path: string) => {
      const res = await proxy(new NextRequest(`http://localhost:3000${path}`, { headers: { [PEER_ADDRESS_HEADER]: "198.51.100.250", [SIGNING_EMBEDDING_HEADER]: forged } }));
      // NextResponse.next({ request: { headers } }) lists the request's headers as the page gets them.
      const passed = (res.headers.get("x-middleware-override-headers") ?? "").split(",");
      return passed.includes(SIGNING_EMBEDDING_HEADER) ? embeddingFromHeader(res.headers.get(`x-middleware-request-${SIGNING_EMBEDDING_HEADER}`)) : null;
    };
    expect(await forward(`/signature/sign-document/${signer.id}`)).toEqual({ frameAncestors: ["https://app.example.mx"], redirectUrl: null });
    // Any other page (and a signing path that is no link id) gets none at all, not the forged one.
    expect(await forward("/verify")).toBeNull();
    expect(await forward("/signature/sign-document/no-es-un-id")).toBeNull();
  });

  it.each([
    ["http on a public host", "http://app.example.mx"],
    ["a path", "https://app.example.mx/firmar"],
    ["a wildcard", "https://*.example.mx"],
    ["credentials", "https://user:pass@app.example.mx"],
    ["javascript:", "javascript:alert(1)"],
    ["'self' injected into the policy", "https://a.example.mx; script-src *"],
    ["no origin at all", "*"],
  ])("refuses %s with 422 naming the entry", async (_, origin) => {
    const res = await patchOrigins(integrator.apiKey.id, { embed_origins: ["https://ok.example.mx", origin] });
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors)).toEqual(["embed_origins.1"]);
  });

  it("abuse: forged input, origins with `;`, `,`, `'` or `%3B` are refused with 422 naming the value, and one stored before never reaches frame-ancestors", async () => {
    for (const forged of ["https://a.example.mx;", "https://a.example.mx,https://evil.example", "https://a'b.example.mx", "https://a.example.mx%3B", "https://a_b.example.mx"]) {
      const res = await patchOrigins(integrator.apiKey.id, { embed_origins: [forged] });
      expect(res.status, forged).toBe(422);
      const errors = (await res.json()).errors as Record<string, string[]>;
      expect(Object.keys(errors), forged).toEqual(["embed_origins.0"]);
      expect(errors["embed_origins.0"]![0], forged).toContain(forged);
    }
    // Written before this check (or straight into the table): the CSP writer still leaves it out.
    await patchOrigins(integrator.apiKey.id, { embed_origins: ["https://ok.example.mx"] });
    await getDb().update(apiKeys).set({ embedOrigins: ["https://ok.example.mx", "https://a.example.mx;", "https://a'b.example.mx", "https://x.example.mx, https://y.example.mx"] }).where(eq(apiKeys.id, integrator.apiKey.id));
    const signer = await firstSignatory(await seedDocument(keyActor(integrator)));
    expect(await pageHeaders(signer.id)).toEqual({ frameAncestors: "frame-ancestors https://ok.example.mx", xFrameOptions: null });
    // Nothing plain left: no framing at all, with X-Frame-Options for older browsers.
    await getDb().update(apiKeys).set({ embedOrigins: ["https://a.example.mx;"] }).where(eq(apiKeys.id, integrator.apiKey.id));
    expect(await pageHeaders(signer.id)).toEqual({ frameAncestors: "frame-ancestors 'none'", xFrameOptions: "DENY" });
  });

  it("refuses more than 20 origins", async () => {
    const many = Array.from({ length: 21 }, (_, i) => `https://a${i}.example.mx`);
    expect((await patchOrigins(integrator.apiKey.id, { embed_origins: many })).status).toBe(422);
  });
});

describe("redirect_url on document creation", () => {
  async function create(document: Record<string, unknown>) {
    const { key, actor } = await seedUserWithKey();
    const folder = await defaultFolderId(actor);
    const form = new FormData();
    form.set("file", new File([(await makePdf(1)) as BlobPart], "contrato.pdf", { type: "application/pdf" }));
    form.set("document", JSON.stringify({ signatures: [{ name: "Begoña Núñez", email: "begona@example.com" }], ...document }));
    return { key, res: await call(createDocumentRoute, `/v1/containers/${folder}/documents`, { method: "POST", headers: { authorization: `Bearer ${key}` }, body: form, params: { uuid: folder } }) };
  }

  it.each([
    ["javascript:", { redirect_url: "javascript:alert(document.domain)" }, "redirect_url"],
    ["http:", { redirect_url: "http://app.example.mx/listo" }, "redirect_url"],
    ["data:", { redirect_url: "data:text/html,<script>alert(1)</script>" }, "redirect_url"],
    ["abuse: forged input, credentials in the URL", { redirect_url: "https://user:pw@app.example.mx/listo" }, "redirect_url"],
    ["abuse: forged input, a signer's URL with credentials", { signatures: [{ name: "Begoña Núñez", email: "begona@example.com", redirect_url: "https://user@app.example.mx/" }] }, "signatures.0.redirect_url"],
    ["a signer's javascript:", { signatures: [{ name: "Begoña Núñez", email: "begona@example.com", redirect_url: "JavaScript:alert(1)" }] }, "signatures.0.redirect_url"],
  ])("refuses %s with 422 naming the field", async (_, document, field) => {
    const { res } = await create(document);
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors)).toEqual([field]);
  });

  it("keeps the document's and each signer's https redirect, the signer's first", async () => {
    const { findSigningLinkEmbedding } = await import("@/lib/services/signing/signing-link-embedding");
    const { key, res } = await create({
      redirect_url: "https://app.example.mx/firmado?pedido=7",
      signatures: [
        { name: "Begoña Núñez", email: "begona@example.com", redirect_url: "https://app.example.mx/begona" },
        { name: "José Ángel Peña", email: "jose@example.com" },
      ],
    });
    expect(res.status).toBe(201);
    const documentId = (await res.json()).data.id as string;
    const [begona, jose] = await getDb().select().from(signatories).where(eq(signatories.documentId, documentId)).orderBy(signatories.position);
    expect((await findSigningLinkEmbedding(getDb(), begona!.id)).redirectUrl).toBe("https://app.example.mx/begona");
    expect((await findSigningLinkEmbedding(getDb(), jose!.id)).redirectUrl).toBe("https://app.example.mx/firmado?pedido=7");
    // An update that sends José's own redirect changes it; leaving it out keeps Begoña's.
    const update = await call(updateDocumentRoute, `/v1/documents/${documentId}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ updateDocumentRequest: { signatures: [{ name: "Begoña Núñez", email: "begona@example.com" }, { name: "José Ángel Peña", email: "jose@example.com", redirect_url: "https://app.example.mx/jose" }] } }),
      params: { uuid: documentId },
    });
    expect(update.status).toBe(200);
    expect((await findSigningLinkEmbedding(getDb(), begona!.id)).redirectUrl).toBe("https://app.example.mx/begona");
    expect((await findSigningLinkEmbedding(getDb(), jose!.id)).redirectUrl).toBe("https://app.example.mx/jose");
  });
});
