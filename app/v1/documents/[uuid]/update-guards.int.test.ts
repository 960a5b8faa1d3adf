import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { signatories } from "@/lib/db/schema";
import { createWorkFolder } from "@/lib/services/work-folders/create-work-folder";
import { makePdf, seedDocument } from "@/test/factories/documents";
import { shareFolder } from "@/test/factories/folders";
import { seedUserWithKey } from "@/test/factories/seed";
import { call } from "@/test/http";
import { POST as createTemplate } from "@/app/v1/templates/route";
import { POST as useTemplate } from "@/app/v1/templates/[id]/documents/route";
import { PATCH } from "./route";

// What an update (PATCH /v1/documents/{uuid}) may not change, whoever sends it: a template's fixed
// RFC, and (for a member who did not upload the document) where its signers are sent afterwards.

const FIXED_RFC = "GODE561231GR8";
const OTHER_RFC = "XAXX010101000";

async function world() {
  const people = { owner: await seedUserWithKey({ name: "Sofía Peña" }), member: await seedUserWithKey({ name: "Íñigo Sáenz" }) };
  const folder = await createWorkFolder(getDb(), people.owner.actor, { name: "Notaría Ñuñoa" });
  await shareFolder(people.owner.actor, folder.id, people.member);
  return { ...people, folder };
}

async function documentFromTemplate(key: string, folderId: string) {
  const form = new FormData();
  form.set("file", new File([(await makePdf(1)) as BlobPart], "pagare.pdf", { type: "application/pdf" }));
  form.set("template", JSON.stringify({ name: "Pagaré", roles: [{ key: "deudor", label: "Deudor" }, { key: "aval", label: "Aval", rfc: FIXED_RFC }], notification_mode: "DISABLED" }));
  const template = await call(createTemplate, "/v1/templates", { method: "POST", headers: { authorization: `Bearer ${key}` }, body: form });
  expect(template.status).toBe(201);
  const id = (await template.json()).data.id as string;
  const roles = { deudor: { name: "Ana Núñez", email: "ana@example.com" }, aval: { name: "Luis Peña", email: "luis@example.com" } };
  const made = await call(useTemplate, `/v1/templates/${id}/documents`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify({ roles, container_id: folderId }), params: { id } });
  expect(made.status).toBe(201);
  return (await made.json()).data.id as string;
}

const patch = (key: string, documentId: string, request: unknown) =>
  call(PATCH, `/v1/documents/${documentId}`, { method: "PATCH", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify({ updateDocumentRequest: request }), params: { uuid: documentId } });

const rfcs = async (documentId: string) =>
  (await getDb().select({ email: signatories.email, rfc: signatories.rfc, removedAt: signatories.removedAt }).from(signatories).where(eq(signatories.documentId, documentId)).orderBy(signatories.position))
    .filter((s) => !s.removedAt)
    .map((s) => [s.email, s.rfc]);

describe("PATCH /v1/documents/{uuid}: what an update may not change", () => {
  it("abuse: the owner and a folder member try another RFC for a role the template fixed: 422 naming it, the fixed RFC stays", async () => {
    const { owner, member, folder } = await world();
    const documentId = await documentFromTemplate(owner.key, folder.id);
    expect(await rfcs(documentId)).toEqual([["ana@example.com", null], ["luis@example.com", FIXED_RFC]]);
    for (const who of [owner, member]) {
      // The same signer with another RFC.
      const changed = await patch(who.key, documentId, { signatures: [{ name: "Ana Núñez", email: "ana@example.com" }, { name: "Luis Peña", email: "luis@example.com", rfc: OTHER_RFC }] });
      expect(changed.status).toBe(422);
      expect((await changed.json()).errors).toEqual({ "signatures.1.rfc": [`The template fixes this signer's RFC: ${FIXED_RFC}.`] });
      // The fixed signer swapped for another person with another RFC (or none).
      for (const rfc of [OTHER_RFC, undefined]) {
        const swapped = await patch(who.key, documentId, { signatures: [{ name: "Ana Núñez", email: "ana@example.com" }, { name: "Mallory", email: "mallory@example.com", rfc }] });
        expect(swapped.status).toBe(422);
        expect((await swapped.json()).errors).toEqual({ signatures: [`The template fixes RFC ${FIXED_RFC} for a signer of this document: the list must keep a signer with that RFC.`] });
      }
      expect(await rfcs(documentId)).toEqual([["ana@example.com", null], ["luis@example.com", FIXED_RFC]]);
    }
    // What stays allowed: leaving the RFC out (it is kept), or the same RFC on a new person who takes the place.
    expect((await patch(member.key, documentId, { signatures: [{ name: "Ana Núñez", email: "ana@example.com" }, { name: "Luis Peña Ruiz", email: "luis@example.com" }] })).status).toBe(200);
    expect(await rfcs(documentId)).toEqual([["ana@example.com", null], ["luis@example.com", FIXED_RFC]]);
    expect((await patch(owner.key, documentId, { signatures: [{ name: "Ana Núñez", email: "ana@example.com" }, { name: "Otro Aval", email: "otro@example.com", rfc: FIXED_RFC }] })).status).toBe(200);
    expect(await rfcs(documentId)).toEqual([["ana@example.com", null], ["otro@example.com", FIXED_RFC]]);
    // ...who holds it fixed in turn.
    const again = await patch(owner.key, documentId, { signatures: [{ name: "Ana Núñez", email: "ana@example.com" }, { name: "Otro Aval", email: "otro@example.com", rfc: OTHER_RFC }] });
    expect(again.status).toBe(422);
    // A signer the template did not fix may change RFC as before.
    expect((await patch(owner.key, documentId, { signatures: [{ name: "Ana Núñez", email: "ana@example.com", rfc: OTHER_RFC }, { name: "Otro Aval", email: "otro@example.com" }] })).status).toBe(200);
    expect(await rfcs(documentId)).toEqual([["ana@example.com", OTHER_RFC], ["otro@example.com", FIXED_RFC]]);
  });

  it("abuse: a folder member sets redirect_url on a document they did not upload: 403, nothing changed; the uploader and the folder's owner may", async () => {
    const { owner, member, folder } = await world();
    const uploader = await seedUserWithKey({ name: "Begoña Núñez" });
    await shareFolder(owner.actor, folder.id, uploader);
    const documentId = await seedDocument(uploader.actor, { folderId: folder.id, signatures: [{ name: "Ana Núñez", email: "ana@example.com" }] });
    const redirected = (url: string) => ({ signatures: [{ name: "Ana Núñez", email: "ana@example.com", redirect_url: url }] });
    const refused = await patch(member.key, documentId, redirected("https://evil.example/phish"));
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toMatch(/redirect_url/);
    // A new signer with a redirect from the member: refused too.
    expect((await patch(member.key, documentId, { signatures: [{ name: "Ana Núñez", email: "ana@example.com" }, { name: "Nuevo", email: "nuevo@example.com", redirect_url: "https://evil.example/" }] })).status).toBe(403);
    const [signer] = await getDb().select().from(signatories).where(eq(signatories.documentId, documentId));
    expect(signer!.redirectUrl).toBeNull();
    // The member still edits the rest; the uploader and the folder's owner set the redirect.
    expect((await patch(member.key, documentId, { signatures: [{ name: "Ana Núñez Ruiz", email: "ana@example.com" }] })).status).toBe(200);
    expect((await patch(uploader.key, documentId, redirected("https://app.example.mx/listo"))).status).toBe(200);
    expect((await patch(owner.key, documentId, redirected("https://app.example.mx/hecho"))).status).toBe(200);
    // The same value sent back by a member (an editor that round-trips it) changes nothing: allowed.
    expect((await patch(member.key, documentId, redirected("https://app.example.mx/hecho"))).status).toBe(200);
  });
});
