import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { createWorkFolder } from "@/lib/services/work-folders/create-work-folder";
import { inviteToFolder } from "@/lib/services/work-folders/invite-to-folder";
import { seedDocument } from "@/test/factories/documents";
import { shareFolder } from "@/test/factories/folders";
import { seedUserWithKey } from "@/test/factories/seed";
import { call } from "@/test/http";
import { GET as getFolder, PATCH as patchFolder, DELETE as deleteFolder } from "./companies/[uuid]/route";
import { GET as listMembers, POST as invite } from "./companies/[uuid]/members/route";
import { DELETE as removeMember } from "./companies/[uuid]/members/[userId]/route";
import { GET as listInvitations } from "./companies/[uuid]/invitations/route";
import { DELETE as withdrawInvitation } from "./companies/[uuid]/invitations/[invitationId]/route";
import { GET as auditTrail } from "./documents/[uuid]/audit/route";
import { GET as pdf } from "./documents/[uuid]/pdf/route";
import { DELETE as cancel, GET as getDocument, PATCH as patchDocument } from "./documents/[uuid]/route";
import { POST as revealLink } from "./documents/[uuid]/signatures/[signatureId]/link/route";
import { GET as myInvitations } from "./folder-invitations/route";
import { POST as accept } from "./folder-invitations/[invitationId]/accept/route";

/**
 * The ownership rules of README "Who may do what", walked as a matrix through the API handlers
 * on a real database. The people: the folder's owner, a member who uploaded the document (its
 * owner), a member who did not, another tenant, and nobody (no key). "Not yours" answers exactly
 * what "does not exist" answers.
 */
type Who = "folderOwner" | "docOwner" | "member" | "stranger" | "anonymous";
const WHO: Who[] = ["folderOwner", "docOwner", "member", "stranger", "anonymous"];

async function world() {
  const people = { folderOwner: await seedUserWithKey({ name: "Sofía Peña" }), docOwner: await seedUserWithKey({ name: "Begoña Núñez" }), member: await seedUserWithKey({ name: "Íñigo Sáenz" }), stranger: await seedUserWithKey({ name: "Otra Empresa" }) };
  const folder = await createWorkFolder(getDb(), people.folderOwner.actor, { name: "Notaría Ñuñoa" });
  await shareFolder(people.folderOwner.actor, folder.id, people.docOwner);
  await shareFolder(people.folderOwner.actor, folder.id, people.member);
  const documentId = await seedDocument(people.docOwner.actor, { folderId: folder.id });
  const headers = (who: Who): Record<string, string> => (who === "anonymous" ? {} : { "x-api-key": people[who].key });
  return { people, folder, documentId, headers };
}

const json = (body: unknown) => ({ "content-type": "application/json", body: JSON.stringify(body) });
async function answer(res: Promise<Response>) {
  const r = await res;
  return { status: r.status, body: r.status === 204 || r.headers.get("content-type")?.includes("pdf") ? null : await r.json() };
}

describe("who may do what (README, «Who may do what»)", () => {
  it("reads, edits and cancels a document: members read and edit, only its owner or the folder's owner cancels or sees links, strangers get the answer of an unknown id", async () => {
    const { documentId, headers } = await world();
    const unknown = crypto.randomUUID();
    const expected: Record<string, Record<Who, number>> = {
      read: { folderOwner: 200, docOwner: 200, member: 200, stranger: 404, anonymous: 401 },
      pdf: { folderOwner: 200, docOwner: 200, member: 200, stranger: 404, anonymous: 401 },
      audit: { folderOwner: 200, docOwner: 200, member: 200, stranger: 404, anonymous: 401 },
      edit: { folderOwner: 200, docOwner: 200, member: 200, stranger: 404, anonymous: 401 },
      link: { folderOwner: 200, docOwner: 200, member: 403, stranger: 404, anonymous: 401 },
    };
    const doc = (await (await call(getDocument, `/v1/documents/${documentId}`, { headers: headers("docOwner"), params: { uuid: documentId } })).json()).data;
    const signatureId = doc.relationships.signatories.data[0].id as string;
    const ops = {
      read: (who: Who, id: string) => call(getDocument, `/v1/documents/${id}`, { headers: headers(who), params: { uuid: id } }),
      pdf: (who: Who, id: string) => call(pdf, `/v1/documents/${id}/pdf`, { headers: headers(who), params: { uuid: id } }),
      audit: (who: Who, id: string) => call(auditTrail, `/v1/documents/${id}/audit`, { headers: headers(who), params: { uuid: id } }),
      edit: (who: Who, id: string) => call(patchDocument, `/v1/documents/${id}`, { method: "PATCH", headers: { ...headers(who), "content-type": "application/json" }, body: JSON.stringify({ updateDocumentRequest: { tries: 4 } }), params: { uuid: id } }),
      link: (who: Who, id: string) => call(revealLink, `/v1/documents/${id}/signatures/${signatureId}/link`, { method: "POST", headers: headers(who), params: { uuid: id, signatureId } }),
    };
    for (const [op, run] of Object.entries(ops)) {
      for (const who of WHO) {
        const got = await answer(run(who, documentId));
        expect({ op, who, status: got.status }).toEqual({ op, who, status: expected[op]![who] });
        if (who === "stranger") expect(got).toEqual(await answer(run(who, unknown)));
      }
    }

    // Cancelling ends every signing link for good: a plain member may not; a stranger is not told it exists.
    expect((await answer(call(cancel, `/v1/documents/${documentId}`, { method: "DELETE", headers: headers("member"), params: { uuid: documentId } }))).status).toBe(403);
    const strangerCancel = await answer(call(cancel, `/v1/documents/${documentId}`, { method: "DELETE", headers: headers("stranger"), params: { uuid: documentId } }));
    expect(strangerCancel).toEqual(await answer(call(cancel, `/v1/documents/${unknown}`, { method: "DELETE", headers: headers("stranger"), params: { uuid: unknown } })));
    expect(strangerCancel.status).toBe(404);
    expect((await answer(call(cancel, `/v1/documents/${documentId}`, { method: "DELETE", headers: headers("anonymous"), params: { uuid: documentId } }))).status).toBe(401);
    expect((await call(cancel, `/v1/documents/${documentId}`, { method: "DELETE", headers: headers("docOwner"), params: { uuid: documentId } })).status).toBe(200);
  });

  it("moves a document only out of a folder the mover may take it from and into one its owner belongs to: its owner never loses it", async () => {
    const { people, folder, documentId, headers } = await world();
    const move = (who: Who, id: string, to: string) =>
      answer(call(patchDocument, `/v1/documents/${id}`, { method: "PATCH", headers: { ...headers(who) }, ...json({ updateDocumentRequest: { company_id: to } }), params: { uuid: id } }));
    const read = (who: Who, id: string) => call(getDocument, `/v1/documents/${id}`, { headers: headers(who), params: { uuid: id } });
    const memberOwn = await createWorkFolder(getDb(), people.member.actor, { name: "De Íñigo" });
    const folderOwnerOther = await createWorkFolder(getDb(), people.folderOwner.actor, { name: "Archivo" });
    const strangerOwn = await createWorkFolder(getDb(), people.stranger.actor, { name: "Ajena" });

    // The reproduction: a member takes the owner's document into their own folder.
    const ownersDocument = await seedDocument(people.folderOwner.actor, { folderId: folder.id });
    const taken = await move("member", ownersDocument, memberOwn.id);
    expect(taken.status).toBe(403);
    expect((await read("folderOwner", ownersDocument)).status).toBe(200);
    // Nor the other member's document, even into a folder both share.
    expect((await move("member", documentId, memberOwn.id)).status).toBe(403);
    // A stranger: the answer of an unknown document, whichever folder is named.
    const strangerMove = await move("stranger", documentId, strangerOwn.id);
    expect(strangerMove).toEqual(await move("stranger", crypto.randomUUID(), strangerOwn.id));
    expect(strangerMove.status).toBe(404);
    expect((await move("anonymous", documentId, strangerOwn.id)).status).toBe(401);

    // Into a folder the mover is not in: the answer of a folder that does not exist.
    const intoForeign = await move("docOwner", documentId, strangerOwn.id);
    expect(intoForeign).toEqual(await move("docOwner", documentId, crypto.randomUUID()));
    expect(intoForeign.status).toBe(422);

    // The folder's owner may take it out, but not where its owner cannot follow.
    const away = await move("folderOwner", documentId, folderOwnerOther.id);
    expect(away.status).toBe(422);
    expect(away.body.errors.company_id).toEqual(["The document's owner is not a member of that folder: moved there, they would lose it."]);
    await shareFolder(people.folderOwner.actor, folderOwnerOther.id, people.docOwner);
    expect((await move("folderOwner", documentId, folderOwnerOther.id)).status).toBe(200);
    expect((await read("docOwner", documentId)).status).toBe(200);
    expect((await read("member", documentId)).status).toBe(404);

    // Its owner takes it home; after every move it is still theirs.
    const docOwnerHome = await createWorkFolder(getDb(), people.docOwner.actor, { name: "Mía" });
    expect((await move("docOwner", documentId, docOwnerHome.id)).status).toBe(200);
    expect((await read("docOwner", documentId)).status).toBe(200);
    expect((await read("folderOwner", documentId)).status).toBe(404);
  });

  it("a member who leaves or is removed takes the documents they own home; the folder keeps the rest", async () => {
    const { people, folder, documentId, headers } = await world();
    const ownersDocument = await seedDocument(people.folderOwner.actor, { folderId: folder.id });
    const remove = (who: Who, userId: string) => answer(call(removeMember, `/v1/companies/${folder.id}/members/${userId}`, { method: "DELETE", headers: headers(who), params: { uuid: folder.id, userId } }));
    expect((await remove("member", people.docOwner.user.id)).status).toBe(403);
    const strangerRemove = await remove("stranger", people.docOwner.user.id);
    expect(strangerRemove.status).toBe(404);
    expect((await remove("folderOwner", people.folderOwner.user.id)).status).toBe(404);
    expect((await remove("folderOwner", people.docOwner.user.id)).status).toBe(204);
    const read = (who: Who, id: string) => call(getDocument, `/v1/documents/${id}`, { headers: headers(who), params: { uuid: id } });
    expect((await read("docOwner", documentId)).status).toBe(200);
    expect((await read("folderOwner", documentId)).status).toBe(404);
    expect((await read("docOwner", ownersDocument)).status).toBe(404);
    expect((await remove("member", people.member.user.id)).status).toBe(204);
    expect((await read("folderOwner", ownersDocument)).status).toBe(200);
  });

  it("a folder: members read it and its members; only its owner renames, deletes, invites, lists and withdraws invitations", async () => {
    const { people, folder, headers } = await world();
    const pending = await inviteToFolder(getDb(), people.folderOwner.actor, folder.id, "pendiente@example.com");
    const unknown = crypto.randomUUID();
    const ops = {
      read: (who: Who, id: string) => call(getFolder, `/v1/companies/${id}`, { headers: headers(who), params: { uuid: id } }),
      members: (who: Who, id: string) => call(listMembers, `/v1/companies/${id}/members`, { headers: headers(who), params: { uuid: id } }),
      rename: (who: Who, id: string) => call(patchFolder, `/v1/companies/${id}`, { method: "PATCH", headers: headers(who), ...json({ name: "Notaría Ñuñoa 2" }), params: { uuid: id } }),
      invite: (who: Who, id: string) => call(invite, `/v1/companies/${id}/members`, { method: "POST", headers: headers(who), ...json({ email: "nueva@example.com" }), params: { uuid: id } }),
      invitations: (who: Who, id: string) => call(listInvitations, `/v1/companies/${id}/invitations`, { headers: headers(who), params: { uuid: id } }),
      withdraw: (who: Who, id: string) => call(withdrawInvitation, `/v1/companies/${id}/invitations/${pending.id}`, { method: "DELETE", headers: headers(who), params: { uuid: id, invitationId: pending.id } }),
      // Last: the folder still holds a document, so even its owner is told to move it first.
      delete: (who: Who, id: string) => call(deleteFolder, `/v1/companies/${id}`, { method: "DELETE", headers: headers(who), params: { uuid: id } }),
    };
    const expected: Record<keyof typeof ops, Record<Who, number>> = {
      read: { folderOwner: 200, docOwner: 200, member: 200, stranger: 404, anonymous: 401 },
      members: { folderOwner: 200, docOwner: 200, member: 200, stranger: 404, anonymous: 401 },
      rename: { folderOwner: 200, docOwner: 403, member: 403, stranger: 404, anonymous: 401 },
      invite: { folderOwner: 202, docOwner: 403, member: 403, stranger: 404, anonymous: 401 },
      invitations: { folderOwner: 200, docOwner: 403, member: 403, stranger: 404, anonymous: 401 },
      withdraw: { folderOwner: 204, docOwner: 403, member: 403, stranger: 404, anonymous: 401 },
      delete: { folderOwner: 409, docOwner: 403, member: 403, stranger: 404, anonymous: 401 },
    };
    // The owner goes last in each row so that a withdrawal does not change what the others meet.
    const order: Who[] = ["anonymous", "stranger", "member", "docOwner", "folderOwner"];
    for (const [op, run] of Object.entries(ops) as [keyof typeof ops, (who: Who, id: string) => Promise<Response>][]) {
      for (const who of order) {
        const got = await answer(run(who, folder.id));
        expect({ op, who, status: got.status }).toEqual({ op, who, status: expected[op][who] });
        if (who === "stranger") expect(got).toEqual(await answer(run(who, unknown)));
      }
    }
  });

  it("an invitation: only the person at its address sees and accepts it; to anyone else it does not exist", async () => {
    const { people, folder, headers } = await world();
    const invitee = await seedUserWithKey({ name: "Ximena Ñeco" });
    const invitation = await inviteToFolder(getDb(), people.folderOwner.actor, folder.id, invitee.user.email.toUpperCase());
    const mine = async (key: Record<string, string>) => (await (await call(myInvitations, "/v1/folder-invitations", { headers: key })).json()).data.map((i: { id: string }) => i.id);
    const acceptAs = (key: Record<string, string>, id: string) => answer(call(accept, `/v1/folder-invitations/${id}/accept`, { method: "POST", headers: key, params: { invitationId: id } }));
    for (const who of ["folderOwner", "docOwner", "member", "stranger"] as const) {
      expect(await mine(headers(who))).toEqual([]);
      const refused = await acceptAs(headers(who), invitation.id);
      expect(refused).toEqual(await acceptAs(headers(who), crypto.randomUUID()));
      expect(refused.status).toBe(404);
    }
    expect((await acceptAs({}, invitation.id)).status).toBe(401);
    // An account that only claims the address (not confirmed): as if it were someone else.
    await getDb().update(users).set({ emailConfirmedAt: null }).where(eq(users.id, invitee.user.id));
    expect(await mine({ "x-api-key": invitee.key })).toEqual([]);
    expect(await acceptAs({ "x-api-key": invitee.key }, invitation.id)).toEqual(await acceptAs({ "x-api-key": invitee.key }, crypto.randomUUID()));
    await getDb().update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, invitee.user.id));
    expect(await mine({ "x-api-key": invitee.key })).toEqual([invitation.id]);
    expect(await acceptAs({ "x-api-key": invitee.key }, invitation.id)).toEqual({ status: 200, body: { data: { company_id: folder.id } } });
  });
});
