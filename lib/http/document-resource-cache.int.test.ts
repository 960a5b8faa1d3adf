import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { signatories, spectators } from "@/lib/db/schema";
import { updateDocumentInput } from "@/lib/schemas/signing";
import { cancelDocument } from "@/lib/services/documents/cancel-document";
import type { Actor } from "@/lib/services/actor";
import { findDocumentView, findDocumentViews } from "@/lib/services/documents/document-view";
import { listFolderPage } from "@/lib/services/documents/list-folder-documents";
import { updateDocument } from "@/lib/services/documents/update-document";
import { rejectSignatory } from "@/lib/services/signing/reject-signatory";
import { updateAccount } from "@/lib/services/users/update-account";
import { GET as getDocument } from "@/app/v1/documents/[uuid]/route";
import { GET as listDocuments } from "@/app/v1/containers/[uuid]/documents/route";
import { defaultFolderId, seedDocument } from "@/test/factories/documents";
import { shareFolder } from "@/test/factories/folders";
import { seedUserWithKey } from "@/test/factories/seed";
import { call } from "@/test/http";
import { documentResourcesJson } from "./document-resource-cache";
import { documentResource } from "./signing-resources";

type Resource = { id: string; attributes: Record<string, unknown>; relationships: { signatories: { data: { id: string; attributes: Record<string, unknown> }[] } } };

async function list(key: string, folder: string): Promise<Resource[]> {
  const res = await call(listDocuments, `/v1/containers/${folder}/documents`, { headers: { authorization: `Bearer ${key}` }, params: { uuid: folder } });
  expect(res.status).toBe(200);
  return (await res.json()).data;
}

/**
 * Each listed resource must equal the resource rendered afresh from the database (the view
 * service keeps nothing), and so must GET /v1/documents/{uuid}, which reuses what it kept too.
 */
async function expectFresh(key: string, actor: Actor, listed: Resource[]) {
  for (const resource of listed) {
    const fresh = JSON.parse(JSON.stringify(documentResource(await findDocumentView(getDb(), actor, resource.id), actor)));
    expect(resource).toEqual(fresh);
    const res = await call(getDocument, `/v1/documents/${resource.id}`, { headers: { authorization: `Bearer ${key}` }, params: { uuid: resource.id } });
    expect((await res.json()).data).toEqual(fresh);
  }
}

describe("document resources kept between listings", () => {
  it("a listing shows every change to a document, its signers, its spectators and its owner, right after it commits", async () => {
    const owner = await seedUserWithKey({ name: "Begoña Núñez" });
    const folder = await defaultFolderId(owner.actor);
    const [first, second] = [await seedDocument(owner.actor, { file_name: "Uno.pdf" }), await seedDocument(owner.actor, { file_name: "Dos.pdf" })];
    await expectFresh(owner.key, owner.actor, await list(owner.key, folder));
    // Listed and read one by one after every change, each compared with a fresh rendering.
    const byId = async () => {
      const listed = await list(owner.key, folder);
      await expectFresh(owner.key, owner.actor, listed);
      return new Map(listed.map((r) => [r.id, r]));
    };

    await cancelDocument(getDb(), owner.actor, first!); // the document's row
    expect((await byId()).get(first!)!.attributes.sign_status_name).toBe("CANCELLED");

    // Signers renamed, one removed, spectators replaced: updates, a removal and inserts.
    await updateDocument(
      getDb(),
      owner.actor,
      second!,
      updateDocumentInput.parse({ signatures: [{ name: "Begoña Núñez Peña", email: "begona@example.com" }], spectators: [{ name: "Ana Pérez", email: "ana@example.com" }, { name: "Luis Ortiz", email: "luis@example.com" }] }),
    );
    let listed = (await byId()).get(second!)!;
    expect(listed.relationships.signatories.data.map((s) => s.attributes.name)).toEqual(["Begoña Núñez Peña"]);
    expect(listed.attributes.spectators).toEqual([{ name: "Ana Pérez", email: "ana@example.com" }, { name: "Luis Ortiz", email: "luis@example.com" }]);

    const signerId = listed.relationships.signatories.data[0]!.id;
    await rejectSignatory(getDb(), signerId, "No estoy de acuerdo", { ip: null }); // a signer's state
    listed = (await byId()).get(second!)!;
    expect(listed.relationships.signatories.data[0]!.attributes.sign_status).toBe("REJECTED");
    expect(listed.attributes.sign_status_name).toBe("REJECTED");

    // Any column, written by anything: a spectator deleted, a signer's phone set.
    await getDb().delete(spectators).where(eq(spectators.documentId, second!)).execute();
    await getDb().update(signatories).set({ phone: "+525512345678" }).where(eq(signatories.id, signerId));
    listed = (await byId()).get(second!)!;
    expect(listed.attributes.spectators).toEqual([]);
    expect(listed.relationships.signatories.data[0]!.attributes.phone).toBe("+525512345678");

    await updateAccount(getDb(), owner.actor, { name: "Begoña Núñez de la Peña", locale: "es" }); // the owner's row
    for (const resource of (await byId()).values()) expect(resource.attributes.owner).toMatch(/^Begoña Núñez de la Peña </);

    await expectFresh(owner.key, owner.actor, await list(owner.key, folder));
  });

  it("keeps the owner's and a member's resources apart (isOwner), whoever lists first", async () => {
    const owner = await seedUserWithKey();
    const member = await seedUserWithKey();
    const folder = await defaultFolderId(owner.actor);
    await shareFolder(owner.actor, folder, member);
    await seedDocument(owner.actor);
    const [asMember] = await list(member.key, folder);
    const [asOwner] = await list(owner.key, folder);
    expect(asMember!.attributes.isOwner).toBe(false);
    expect(asOwner!.attributes.isOwner).toBe(true);
    expect((await list(member.key, folder))[0]!.attributes.isOwner).toBe(false);
    await expectFresh(member.key, member.actor, await list(member.key, folder));
  });

  it("renders again only the documents whose version changed, and leaves out those gone from the folder", async () => {
    const { actor } = await seedUserWithKey();
    const folder = await defaultFolderId(actor);
    const ids = [await seedDocument(actor), await seedDocument(actor), await seedDocument(actor)];
    const loaded: string[][] = [];
    const render = async () => {
      const page = await listFolderPage(getDb(), actor, folder);
      return documentResourcesJson(page.items, actor, (missing) => {
        loaded.push([...missing].sort());
        return findDocumentViews(getDb(), actor, folder, missing);
      });
    };
    const before = await render();
    expect(before).toHaveLength(3);
    expect(await render()).toEqual(before);
    await getDb().execute(sql`update signatories set name = 'Otra Persona' where document_id = ${ids[1]} and position = 0`);
    const after = await render();
    expect(loaded).toEqual([[...ids].sort(), [ids[1]]]); // the second render loaded nothing
    expect(JSON.parse(after[1]!).relationships.signatories.data[0].attributes.name).toBe("Otra Persona");
    expect(after[0]).toBe(before[0]);

    // A changed document (so not kept at the page's version) moved away between the page and the
    // load is not shown in this folder; one kept at the page's version is, as the page read it.
    await getDb().execute(sql`update documents set file_name = 'Cambiado.pdf' where id = ${ids[2]}`);
    const page = await listFolderPage(getDb(), actor, folder);
    const other = await seedUserWithKey();
    const elsewhere = await defaultFolderId(other.actor);
    await getDb().execute(sql`update documents set folder_id = ${elsewhere} where id = ${ids[2]}`);
    const shown = await documentResourcesJson(page.items, actor, (missing) => findDocumentViews(getDb(), actor, folder, missing));
    expect(shown.map((json) => JSON.parse(json).id)).toEqual([ids[1], ids[0]]);
  });
});
