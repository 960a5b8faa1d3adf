import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { outboxMessages, signatories } from "@/lib/db/schema";
import { PEER_ADDRESS_HEADER } from "@/lib/http/rate-limit";
import { createWorkFolder } from "@/lib/services/work-folders/create-work-folder";
import { shareFolder } from "@/test/factories/folders";
import { seedDocument } from "@/test/factories/documents";
import { seedUserWithKey } from "@/test/factories/seed";
import { call } from "@/test/http";
import { POST } from "./route";

const resend = (key: string, uuid: string, signatureId: string) =>
  call(POST, `/v1/documents/${uuid}/signatures/${signatureId}/notice`, { method: "POST", headers: { "x-api-key": key }, params: { uuid, signatureId } });

/** Everything a caller can read from an answer, to compare a stranger's with an unknown id's. */
const answer = async (res: Response) => ({ status: res.status, type: res.headers.get("content-type"), cacheControl: res.headers.get("cache-control"), body: await res.json() });
const NOT_FOUND = { status: 404, type: expect.stringMatching(/^application\/json/), cacheControl: null, body: { message: "Document not found." } };

describe("POST /v1/documents/{uuid}/signatures/{signatureId}/notice", () => {
  it("sends the signer their link again by e-mail and WhatsApp", async () => {
    const { key, actor } = await seedUserWithKey();
    const id = await seedDocument(actor);
    const [, jose] = await getDb().select().from(signatories).where(eq(signatories.documentId, id)).orderBy(signatories.position);
    const res = await resend(key, id, jose!.id);
    expect(res.status).toBe(202);
    const sent = await getDb().select().from(outboxMessages).where(and(eq(outboxMessages.template, "signing-request"), eq(outboxMessages.userId, actor.userId)));
    expect(sent.map((m) => [m.channel, m.recipient]).sort()).toEqual([["email", "jose@example.com"], ["whatsapp", "+525512345678"]]);
    expect(sent[0]!.text).toContain(`/signature/sign-document/${jose!.id}`);
  });

  it("is for owners only: an invited member gets 403, a stranger 404, a signer of another document 404", async () => {
    const owner = await seedUserWithKey();
    const member = await seedUserWithKey();
    const stranger = await seedUserWithKey();
    const folder = await createWorkFolder(getDb(), owner.actor, { name: "Compartida" });
    await shareFolder(owner.actor, folder.id, member);
    const id = await seedDocument(owner.actor, { folderId: folder.id });
    const other = await seedDocument(owner.actor);
    const [signer] = await getDb().select().from(signatories).where(eq(signatories.documentId, id));
    expect((await resend(member.key, id, signer!.id)).status).toBe(403);
    const unknown = await answer(await resend(stranger.key, crypto.randomUUID(), crypto.randomUUID()));
    expect(unknown).toEqual(NOT_FOUND);
    expect(await answer(await resend(stranger.key, id, signer!.id))).toEqual(unknown);
    expect(await answer(await resend(stranger.key, crypto.randomUUID(), signer!.id))).toEqual(unknown);
    // Nothing was sent on the stranger's (or the member's) behalf.
    expect(await getDb().select().from(outboxMessages).where(and(eq(outboxMessages.template, "signing-request"), eq(outboxMessages.userId, owner.user.id)))).toEqual([]);
    const mismatched = await resend(owner.key, other, signer!.id);
    expect(mismatched.status).toBe(404);
    expect(await mismatched.json()).toEqual({ message: "Signatory not found." });
  });

  it("answers 409 for a signer who already signed", async () => {
    const { key, actor } = await seedUserWithKey();
    const id = await seedDocument(actor);
    const [signer] = await getDb().select().from(signatories).where(eq(signatories.documentId, id));
    await getDb().update(signatories).set({ signStatus: "SIGNED" }).where(eq(signatories.id, signer!.id));
    const res = await resend(key, id, signer!.id);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: "This signatory already signed." });
  });
});

describe("POST /v1/documents/{uuid}/signatures/{signatureId}/link", () => {
  it("gives the owner the signer's link and records who saw it; members get 403, strangers 404", async () => {
    const { POST: reveal } = await import("../link/route");
    const { auditEvents } = await import("@/lib/db/schema");
    const owner = await seedUserWithKey();
    const member = await seedUserWithKey();
    const stranger = await seedUserWithKey();
    const folder = await createWorkFolder(getDb(), owner.actor, { name: "Compartida" });
    await shareFolder(owner.actor, folder.id, member);
    const id = await seedDocument(owner.actor, { folderId: folder.id });
    const [signer] = await getDb().select().from(signatories).where(eq(signatories.documentId, id));
    const ask = (key: string) => call(reveal, `/v1/documents/${id}/signatures/${signer!.id}/link`, { method: "POST", headers: { "x-api-key": key, [PEER_ADDRESS_HEADER]: "203.0.113.7", "x-forwarded-for": "10.6.6.6" }, params: { uuid: id, signatureId: signer!.id } });
    const res = await ask(owner.key);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ url: `http://localhost:3000/signature/sign-document/${signer!.id}` });
    const [logged] = await getDb().select().from(auditEvents).where(and(eq(auditEvents.action, "signatory.link_revealed"), eq(auditEvents.subjectId, signer!.id)));
    // The peer address, not the forwarded one (TRUST_PROXY is off).
    expect(logged).toMatchObject({ actorUserId: owner.user.id, ip: "203.0.113.7", data: { documentId: id } });
    expect((await ask(member.key)).status).toBe(403);
    const strangers = await answer(await ask(stranger.key));
    const unknownId = crypto.randomUUID();
    const unknown = await answer(await call(reveal, `/v1/documents/${unknownId}/signatures/${signer!.id}/link`, { method: "POST", headers: { "x-api-key": stranger.key }, params: { uuid: unknownId, signatureId: signer!.id } }));
    expect(unknown).toEqual(NOT_FOUND);
    expect(strangers).toEqual(unknown);
    // Only the owner's reveal is in the log.
    const reveals = await getDb().select().from(auditEvents).where(and(eq(auditEvents.action, "signatory.link_revealed"), eq(auditEvents.subjectId, signer!.id)));
    expect(reveals.map((e) => e.actorUserId)).toEqual([owner.user.id]);
  });
});
