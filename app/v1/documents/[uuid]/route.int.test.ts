import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { signatories } from "@/lib/db/schema";
import { createWorkFolder } from "@/lib/services/work-folders/create-work-folder";
import { shareFolder } from "@/test/factories/folders";
import { listOutbox } from "@/lib/services/messages/list-outbox";
import { notifySignatories } from "@/lib/services/notices/notify-signatories";
import { rejectSignatory } from "@/lib/services/signing/reject-signatory";
import { sealDocument } from "@/lib/services/signing/seal-document";
import { seedDocument } from "@/test/factories/documents";
import { seedUserWithKey } from "@/test/factories/seed";
import { seedSignedDocument } from "@/test/factories/signing";
import { call } from "@/test/http";
import { DELETE, GET, PATCH } from "./route";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const get = async (key: string, id: string) => call(GET, `/v1/documents/${id}`, { headers: { "x-api-key": key }, params: { uuid: id } });
const patch = async (key: string, id: string, updateDocumentRequest: unknown) =>
  call(PATCH, `/v1/documents/${id}`, { method: "PATCH", headers: { "x-api-key": key, "content-type": "application/json" }, body: JSON.stringify({ updateDocumentRequest }), params: { uuid: id } });
const signerByEmail = (doc: Json, email: string) => doc.relationships.signatories.data.find((s: Json) => s.attributes.email === email);

/** What the signing core will do; here only to put a signer in a final state. */
async function markSigned(signatoryId: string, status: "SIGNED" | "REJECTED" = "SIGNED") {
  await getDb().update(signatories).set({ signStatus: status, signedAt: status === "SIGNED" ? new Date() : null }).where(eq(signatories.id, signatoryId));
}

describe("GET /v1/documents/{uuid}", () => {
  it("answers {data: document} with both key headers", async () => {
    const { key, actor } = await seedUserWithKey();
    const id = await seedDocument(actor);
    for (const headers of [{ authorization: `Bearer ${key}` }, { "x-api-key": key }] as Record<string, string>[]) {
      const res = await call(GET, `/v1/documents/${id}`, { headers, params: { uuid: id } });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(Object.keys(body)).toEqual(["data"]);
      expect(body.data).toMatchObject({ type: "documents", id, links: { self: `/documents/${id}` } });
      expect(body.data.relationships.signatories.data.map((s: Json) => s.attributes.name)).toEqual(["Begoña Núñez", "José Ángel Peña"]);
    }
  });

  it("answers 404 for another user's document and for an unknown id, 422 for a malformed id", async () => {
    const owner = await seedUserWithKey();
    const stranger = await seedUserWithKey();
    const id = await seedDocument(owner.actor);
    for (const uuid of [id, crypto.randomUUID()]) {
      const res = await get(stranger.key, uuid);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: "Document not found." });
    }
    expect((await get(stranger.key, "nope")).status).toBe(422);
  });

  it("shows a shared folder's documents to an invited member with isOwner false", async () => {
    const owner = await seedUserWithKey({ name: "Sofía Peña" });
    const member = await seedUserWithKey();
    const folder = await createWorkFolder(getDb(), owner.actor, { name: "Contratos Ñuñoa" });
    const id = await seedDocument(owner.actor, { folderId: folder.id });
    expect((await get(member.key, id)).status).toBe(404);
    await shareFolder(owner.actor, folder.id, member);
    const { data } = await (await get(member.key, id)).json();
    expect(data.attributes.isOwner).toBe(false);
    expect(data.attributes.owner).toBe(`Sofía Peña <${owner.user.email}>`);
    expect((await (await get(owner.key, id)).json()).data.attributes.isOwner).toBe(true);
  });
});

describe("PATCH /v1/documents/{uuid}", () => {
  it("matches signers by e-mail: updates pending ones, adds and notifies new ones, removes missing pending ones", async () => {
    const { key, actor } = await seedUserWithKey();
    const id = await seedDocument(actor);
    await notifySignatories(getDb(), id);
    const before = (await (await get(key, id)).json()).data;
    const begona = signerByEmail(before, "begona@example.com");
    const jose = signerByEmail(before, "jose@example.com");

    const res = await patch(key, id, {
      signatures: [
        { name: "Begoña Núñez de la Peña", email: "BEGONA@example.com", phone: "5587654321", rfc: "GODE561231GR8", positions: JSON.stringify([{ page: 2, x: 0.5, y: 0.5, width: 0.2, height: 0.1 }]) },
        { name: "Ximena Ñeco", email: "ximena@example.com" },
      ],
      spectators: [{ name: "Rocío Díaz", email: "rocio@example.com" }],
      tries: 5,
      remember_every: 2,
      remember_at: { hour: 8, minute: 15, second: 30, nano: 0 },
    });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.attributes).toMatchObject({ tries: 5, remember_every: 2, remember_at: "08:15:30", spectators: [{ name: "Rocío Díaz", email: "rocio@example.com" }] });
    const signers = data.relationships.signatories.data;
    expect(signers.map((s: Json) => s.attributes.email)).toEqual(["begona@example.com", "ximena@example.com"]);
    expect(signers[0].id).toBe(begona.id); // same signer, same link
    expect(signers[0].attributes).toMatchObject({ name: "Begoña Núñez de la Peña", phone: "+525587654321", rfc: "GODE561231GR8", sign_status: "PENDING" });
    expect(JSON.parse(signers[0].attributes.positions)).toEqual([{ page: 2, x: 0.5, y: 0.5, width: 0.2, height: 0.1 }]);
    expect(signers[1].attributes.sign_status).toBe("PENDING");

    // José was removed: his row stays (the link can say so) but is no longer in the document.
    const [removed] = await getDb().select().from(signatories).where(eq(signatories.id, jose.id));
    expect(removed!.removedAt).toBeInstanceOf(Date);

    // The new signer and the new spectator are notified by the job the update queued.
    await notifySignatories(getDb(), id);
    const outbox = await listOutbox(getDb(), actor);
    expect(outbox.filter((m) => m.recipient === "ximena@example.com" && m.template === "signing-request")).toHaveLength(1);
    expect(outbox.filter((m) => m.recipient === "rocio@example.com" && m.template === "spectator-notice")).toHaveLength(1);
    expect(outbox.filter((m) => m.recipient === "begona@example.com" && m.template === "signing-request")).toHaveLength(1);
  });

  it("switches sign_position and notification_mode (fields beyond the reference's table)", async () => {
    const { key, actor } = await seedUserWithKey();
    const id = await seedDocument(actor, { notification_mode: "DISABLED" });
    const res = await patch(key, id, { sign_position: "CUSTOM", notification_mode: "ENABLED" });
    expect(res.status).toBe(200);
    expect((await res.json()).data.attributes).toMatchObject({ sign_position: "CUSTOM", notification_mode: "ENABLED" });
    // Turning notices on queued the notice job; run it as the worker would.
    expect(await notifySignatories(getDb(), id)).toEqual({ signers: 2, spectators: 1 });
  });

  it("makes a signature-sheet document CUSTOM when signers are sent with positions, and refuses positions with DEFAULT", async () => {
    const { key, actor } = await seedUserWithKey();
    const id = await seedDocument(actor);
    const box = { page: 1, x: 0.1, y: 0.7, width: 0.3, height: 0.1 };
    const signers = [{ name: "Ana Solís", email: "ana@example.com", positions: [box] }];
    const refused = await patch(key, id, { sign_position: "DEFAULT", signatures: signers });
    expect(refused.status).toBe(422);
    expect(Object.keys((await refused.json()).errors)).toEqual(["updateDocumentRequest.sign_position"]);
    const res = await patch(key, id, { signatures: signers });
    expect(res.status).toBe(200);
    const doc = (await res.json()).data;
    expect(doc.attributes.sign_position).toBe("CUSTOM");
    expect(JSON.parse(signerByEmail(doc, "ana@example.com").attributes.positions)).toEqual([box]);
  });

  it("leaves out fields that are not sent", async () => {
    const { key, actor } = await seedUserWithKey();
    const id = await seedDocument(actor, { tries: 4 });
    const before = (await (await get(key, id)).json()).data;
    const res = await patch(key, id, { remember_every: 7 });
    expect(res.status).toBe(200);
    const after = (await res.json()).data;
    expect(after.attributes).toEqual({ ...before.attributes, remember_every: 7 });
    expect(after.relationships.signatories.data.map((s: Json) => s.id)).toEqual(before.relationships.signatories.data.map((s: Json) => s.id));
  });

  it.each([
    ["SIGNED", "signed"],
    ["REJECTED", "rejected"],
  ] as const)("refuses with 409 to change or remove a %s signer", async (status, verb) => {
    const { key, actor } = await seedUserWithKey();
    const id = await seedDocument(actor);
    const doc = (await (await get(key, id)).json()).data;
    // Left in process on purpose: this is the signer check, not the closed-document one.
    await markSigned(signerByEmail(doc, "begona@example.com").id, status);

    const removing = await patch(key, id, { signatures: [{ name: "José Ángel Peña", email: "jose@example.com", phone: "5512345678" }] });
    expect(removing.status).toBe(409);
    expect(await removing.json()).toEqual({ message: `begona@example.com already ${verb}; a signatory who ${verb} cannot be removed.` });

    const renaming = await patch(key, id, { signatures: [{ name: "Otra Persona", email: "begona@example.com" }, { name: "José Ángel Peña", email: "jose@example.com", phone: "5512345678" }] });
    expect(renaming.status).toBe(409);
    expect(await renaming.json()).toEqual({ message: `begona@example.com already ${verb}; their name, phone, RFC and positions cannot change.` });

    // Unchanged signed signer plus a change to a pending one is fine.
    const ok = await patch(key, id, { signatures: [{ name: "Begoña Núñez", email: "begona@example.com" }, { name: "José Peña", email: "jose@example.com" }] });
    expect(ok.status).toBe(200);
    // Nothing of the refused attempts stuck.
    const names = (await ok.json()).data.relationships.signatories.data.map((s: Json) => s.attributes.name);
    expect(names).toEqual(["Begoña Núñez", "José Peña"]);
  });

  it("answers 409 with a message for a completed (sealed) document and changes nothing", async () => {
    const { owner, id } = await seedSignedDocument();
    expect(await sealDocument(getDb(), id)).toBe("sealed");
    const before = (await (await get(owner.key, id)).json()).data;
    expect(before.attributes).toMatchObject({ sign_status: 2, sign_status_name: "COMPLETED" });
    for (const change of [{ tries: 1 }, { signatures: [{ name: "Ximena Ñeco", email: "ximena@example.com" }] }, { spectators: [] }]) {
      const res = await patch(owner.key, id, change);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ message: "The document is already signed by everyone; it can no longer be changed." });
    }
    expect((await (await get(owner.key, id)).json()).data).toEqual(before);
  }, 60_000);

  it("answers 409 with a message for a rejected document, also to change or remove the signer who rejected", async () => {
    const { key, actor } = await seedUserWithKey();
    const id = await seedDocument(actor);
    const begona = signerByEmail((await (await get(key, id)).json()).data, "begona@example.com");
    await rejectSignatory(getDb(), begona.id, "No estoy de acuerdo", { ip: null });
    const before = (await (await get(key, id)).json()).data;
    expect(before.attributes).toMatchObject({ sign_status: 3, sign_status_name: "REJECTED" });
    expect(signerByEmail(before, "begona@example.com").attributes.sign_status).toBe("REJECTED");
    for (const change of [
      { tries: 1 },
      { signatures: [{ name: "José Ángel Peña", email: "jose@example.com", phone: "5512345678" }] },
      { signatures: [{ name: "Otra Persona", email: "begona@example.com" }, { name: "José Ángel Peña", email: "jose@example.com", phone: "5512345678" }] },
    ]) {
      const res = await patch(key, id, change);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ message: "The document was rejected by a signer; it can no longer be changed." });
    }
    expect((await (await get(key, id)).json()).data).toEqual(before);
  });

  it("moves the document to another folder of the caller, never to someone else's", async () => {
    const { key, actor } = await seedUserWithKey();
    const stranger = await seedUserWithKey();
    const id = await seedDocument(actor);
    const mine = await createWorkFolder(getDb(), actor, { name: "Arrendamientos" });
    const theirs = await createWorkFolder(getDb(), stranger.actor, { name: "Ajena" });
    const refused = await patch(key, id, { company_id: theirs.id });
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors).toEqual({ company_id: ["No work folder with this id is yours or shared with you."] });
    expect((await patch(key, id, { company_id: mine.id })).status).toBe(200);
    const { listFolderDocuments } = await import("@/lib/services/documents/list-folder-documents");
    expect((await listFolderDocuments(getDb(), actor, mine.id)).items.map((v) => v.document.id)).toEqual([id]);
  });

  it.each([
    ["a signer list with a repeated e-mail", { signatures: [{ name: "A", email: "a@x.mx" }, { name: "B", email: "a@x.mx" }] }, "updateDocumentRequest.signatures.1.email"],
    ["an empty signer list", { signatures: [] }, "updateDocumentRequest.signatures"],
    ["remember_at.minute 60", { remember_at: { hour: 1, minute: 60, second: 0, nano: 0 } }, "updateDocumentRequest.remember_at.minute"],
    ["a company_id that is not a UUID", { company_id: "mis documentos" }, "updateDocumentRequest.company_id"],
    ["tries as text", { tries: "3" }, "updateDocumentRequest.tries"],
  ])("answers 422 for %s", async (_, body, field) => {
    const { key, actor } = await seedUserWithKey();
    const id = await seedDocument(actor);
    const res = await patch(key, id, body);
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors)).toContain(field);
  });

  it("answers 422 without updateDocumentRequest, 404 for another user's document", async () => {
    const { key, actor } = await seedUserWithKey();
    const stranger = await seedUserWithKey();
    const id = await seedDocument(actor);
    const bare = await call(PATCH, `/v1/documents/${id}`, { method: "PATCH", headers: { "x-api-key": key, "content-type": "application/json" }, body: JSON.stringify({ tries: 2 }), params: { uuid: id } });
    expect(bare.status).toBe(422);
    expect(Object.keys((await bare.json()).errors)).toEqual(["updateDocumentRequest"]);
    const foreign = await patch(stranger.key, id, { tries: 1 });
    expect(foreign.status).toBe(404);
    expect((await (await get(key, id)).json()).data.attributes.tries).toBe(3);
  });
});

describe("DELETE /v1/documents/{uuid}", () => {
  it("cancels the document; it can no longer be changed or cancelled again (409)", async () => {
    const { key, actor } = await seedUserWithKey();
    const id = await seedDocument(actor);
    const res = await call(DELETE, `/v1/documents/${id}`, { method: "DELETE", headers: { "x-api-key": key }, params: { uuid: id } });
    expect(res.status).toBe(200);
    expect((await res.json()).data.attributes).toMatchObject({ sign_status: 4, sign_status_name: "CANCELLED", signed: false });
    const again = await call(DELETE, `/v1/documents/${id}`, { method: "DELETE", headers: { "x-api-key": key }, params: { uuid: id } });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: "The document was cancelled; it can no longer be changed." });
    expect((await patch(key, id, { tries: 1 })).status).toBe(409);
  });

  it("answers 404 for another user's document and leaves it in process", async () => {
    const { key, actor } = await seedUserWithKey();
    const stranger = await seedUserWithKey();
    const id = await seedDocument(actor);
    expect((await call(DELETE, `/v1/documents/${id}`, { method: "DELETE", headers: { "x-api-key": stranger.key }, params: { uuid: id } })).status).toBe(404);
    expect((await (await get(key, id)).json()).data.attributes.sign_status).toBe(1);
  });
});
