import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { createWorkFolder } from "@/lib/services/work-folders/create-work-folder";
import { shareFolder } from "@/test/factories/folders";
import { seedDocument } from "@/test/factories/documents";
import { seedUserWithKey } from "@/test/factories/seed";
import { call } from "@/test/http";
import { GET as getMembers, POST as invite } from "./[uuid]/members/route";
import { DELETE as removeMember } from "./[uuid]/members/[userId]/route";
import { GET as listPending } from "./[uuid]/invitations/route";
import { DELETE as withdrawInvitation } from "./[uuid]/invitations/[invitationId]/route";
import { GET as listMine } from "../folder-invitations/route";
import { POST as accept } from "../folder-invitations/[invitationId]/accept/route";
import { POST as decline } from "../folder-invitations/[invitationId]/decline/route";
import { listOutbox } from "@/lib/services/messages/list-outbox";
import { DELETE as deleteCompany, GET as getCompany, PATCH as patchCompany } from "./[uuid]/route";
import { GET, POST } from "./route";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const list = async (key: string, query = "") => call(GET, `/v1/companies${query}`, { headers: { "x-api-key": key } });

describe("GET /v1/companies", () => {
  it("lists the caller's folders in the envelope, «mis documentos» first, every attribute", async () => {
    const { key, actor } = await seedUserWithKey();
    await createWorkFolder(getDb(), actor, { name: "Arrendamientos", rfc: "MAB9307148T4", logo: "iVBORw0KGgo=" });
    const res = await list(key);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body)).toEqual(["data", "meta", "links"]);
    expect(body.meta).toEqual([{ page: { total: 2, initialItem: 0, totalItems: 2 } }]);
    expect(body.links).toEqual({ self: "/companies" });
    const [home, leases] = body.data;
    expect(home).toEqual({
      type: "companies",
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      links: { self: `/companies/${home.id}` },
      attributes: {
        logo: "",
        name: "mis documentos",
        role: "Propietario",
        roleKey: "owner",
        rfc: null,
        time_zone: "America/Mexico_City",
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/),
        updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/),
      },
    });
    expect(leases.attributes).toMatchObject({ name: "Arrendamientos", rfc: "MAB9307148T4", logo: "iVBORw0KGgo=", role: "Propietario", roleKey: "owner" });
  });

  it("filters by role, pages with pageable.page/size and sorts with pageable.sort", async () => {
    const owner = await seedUserWithKey();
    const me = await seedUserWithKey();
    for (const name of ["Bravo", "Alfa", "Charlie"]) await createWorkFolder(getDb(), me.actor, { name });
    const shared = await createWorkFolder(getDb(), owner.actor, { name: "Compartida" });
    await shareFolder(owner.actor, shared.id, me);

    const invited = await (await list(me.key, "?role=ROLE_INVITED")).json();
    expect(invited.data.map((c: Json) => [c.attributes.name, c.attributes.roleKey, c.attributes.role])).toEqual([["Compartida", "invited", "Invitado"]]);
    const owned = await (await list(me.key, "?role=ROLE_OWNER")).json();
    expect(owned.meta[0].page.totalItems).toBe(4);

    const sorted = await (await list(me.key, "?pageable.sort=name,desc&pageable.size=2&pageable.page=1")).json();
    // All five by name desc: mis documentos, Compartida, Charlie, Bravo, Alfa → page 1 of size 2.
    expect(sorted.data.map((c: Json) => c.attributes.name)).toEqual(["Charlie", "Bravo"]);
    expect(sorted.meta).toEqual([{ page: { total: 2, initialItem: 2, totalItems: 5 } }]);
    const asc = await (await list(me.key, "?pageable.sort=name")).json();
    expect(asc.data.map((c: Json) => c.attributes.name)).toEqual(["Alfa", "Bravo", "Charlie", "Compartida", "mis documentos"]);
  });

  it("labels roles in the caller's language", async () => {
    const { key, actor } = await seedUserWithKey();
    const { updateAccount } = await import("@/lib/services/users/update-account");
    await updateAccount(getDb(), actor, { name: "Begoña Ibáñez", locale: "en" });
    expect((await (await list(key)).json()).data[0].attributes.role).toBe("Owner");
  });

  it.each([
    ["?pageable.page=-1", "pageable.page"],
    ["?pageable.size=0", "pageable.size"],
    ["?pageable.sort=color,asc", "pageable.sort"],
    ["?pageable.sort=name,up", "pageable.sort"],
    ["?role=ROLE_ADMIN", "role"],
  ])("answers 422 for %s", async (query, field) => {
    const { key } = await seedUserWithKey();
    const res = await list(key, query);
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.message).toBe("The given data was invalid.");
    expect(Object.keys(body.errors)).toEqual([field]);
  });

  it("shows nobody else's folders and answers 401 without a key", async () => {
    const a = await seedUserWithKey();
    const b = await seedUserWithKey();
    await createWorkFolder(getDb(), a.actor, { name: "Secreta" });
    const names = (await (await list(b.key)).json()).data.map((c: Json) => c.attributes.name);
    expect(names).toEqual(["mis documentos"]);
    expect((await call(GET, "/v1/companies")).status).toBe(401);
  });
});

describe("POST /v1/companies and GET /v1/companies/{uuid}", () => {
  it("creates a folder owned by the caller and shows it in the list envelope", async () => {
    const { key } = await seedUserWithKey();
    const res = await call(POST, "/v1/companies", { method: "POST", headers: { "x-api-key": key, "content-type": "application/json" }, body: JSON.stringify({ name: "Señalética Ñuñoa", rfc: "mab930714 8t4", time_zone: "America/Cancun" }) });
    expect(res.status).toBe(201);
    const created = (await res.json()).data[0];
    expect(created.attributes).toMatchObject({ name: "Señalética Ñuñoa", rfc: "MAB9307148T4", time_zone: "America/Cancun", roleKey: "owner", logo: "" });
    const shown = await call(getCompany, `/v1/companies/${created.id}`, { headers: { authorization: `Bearer ${key}` }, params: { uuid: created.id } });
    expect(shown.status).toBe(200);
    expect(await shown.json()).toEqual({ data: [created], meta: [{ page: { total: 1, initialItem: 0, totalItems: 1 } }], links: { self: "/companies" } });
  });

  it.each([
    [{}, "name"],
    [{ name: "X", rfc: "NOPE" }, "rfc"],
    [{ name: "X", time_zone: "Mars/Olympus" }, "time_zone"],
    [{ name: "X", logo: "not base64!" }, "logo"],
  ])("answers 422 for %j", async (body, field) => {
    const { key } = await seedUserWithKey();
    const res = await call(POST, "/v1/companies", { method: "POST", headers: { "x-api-key": key, "content-type": "application/json" }, body: JSON.stringify(body) });
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors)).toEqual([field]);
  });

  it("answers 404 for another user's folder and an unknown one", async () => {
    const a = await seedUserWithKey();
    const b = await seedUserWithKey();
    const folder = await createWorkFolder(getDb(), a.actor, { name: "Privada" });
    for (const uuid of [folder.id, crypto.randomUUID()]) {
      const res = await call(getCompany, `/v1/companies/${uuid}`, { headers: { "x-api-key": b.key }, params: { uuid } });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: "Work folder not found." });
    }
  });
});

describe("folder sharing", () => {
  const json = { "content-type": "application/json" };
  const inviteAs = (key: string, folderId: string, email: string) =>
    call(invite, `/v1/companies/${folderId}/members`, { method: "POST", headers: { "x-api-key": key, ...json }, body: JSON.stringify({ email }), params: { uuid: folderId } });
  const myInvitations = async (key: string) => (await (await call(listMine, "/v1/folder-invitations", { headers: { "x-api-key": key } })).json()).data;
  const answerAs = (key: string, invitationId: string, choice: "accept" | "decline") =>
    call(choice === "accept" ? accept : decline, `/v1/folder-invitations/${invitationId}/${choice}`, { method: "POST", headers: { "x-api-key": key }, params: { invitationId } });
  const invitationMails = async (actor: Parameters<typeof listOutbox>[1]) => (await listOutbox(getDb(), actor)).filter((m) => m.template === "folder-invitation");

  it("the owner invites an address; nothing is shared until the invitee accepts; the member sees documents but cannot delete, rename or invite; the owner removes them", async () => {
    const owner = await seedUserWithKey({ name: "Sofía Peña" });
    const member = await seedUserWithKey({ name: "Íñigo Sáenz" });
    const folder = await createWorkFolder(getDb(), owner.actor, { name: "Compartida" });
    await seedDocument(owner.actor, { folderId: folder.id });
    const { GET: listDocs } = await import("@/app/v1/containers/[uuid]/documents/route");
    const docsOf = (key: string) => call(listDocs, `/v1/containers/${folder.id}/documents`, { headers: { "x-api-key": key }, params: { uuid: folder.id } });

    const invited = await inviteAs(owner.key, folder.id, member.user.email.toUpperCase());
    expect(invited.status).toBe(202);
    const invitation = (await invited.json()).data;
    expect(invitation).toEqual({ id: expect.any(String), email: member.user.email.toLowerCase(), status: "PENDING", created_at: expect.any(String) });

    // Not a member yet: the folder and its documents stay closed to them.
    expect((await docsOf(member.key)).status).toBe(404);
    const before = await (await call(getMembers, `/v1/companies/${folder.id}/members`, { headers: { "x-api-key": owner.key }, params: { uuid: folder.id } })).json();
    expect(before.data.map((m: Json) => m.role)).toEqual(["ROLE_OWNER"]);
    const pending = await (await call(listPending, `/v1/companies/${folder.id}/invitations`, { headers: { "x-api-key": owner.key }, params: { uuid: folder.id } })).json();
    expect(pending.data).toEqual([invitation]);

    // The invitee sees it in their dashboard and got an e-mail.
    expect(await myInvitations(member.key)).toEqual([{ id: invitation.id, company: { id: folder.id, name: "Compartida" }, invited_by: "Sofía Peña", created_at: invitation.created_at }]);
    const mails = await invitationMails(owner.actor);
    expect(mails.map((m) => m.recipient)).toEqual([member.user.email.toLowerCase()]);
    expect(mails[0]!.subject).toBe("Sofía Peña te invita a su carpeta «Compartida» en Rúbrica");
    expect(mails[0]!.text).toMatch(/\/invitations\/[\w-]{43}\b/);

    // Inviting again returns the same invitation and sends nothing more.
    const again = await inviteAs(owner.key, folder.id, member.user.email);
    expect(again.status).toBe(202);
    expect((await again.json()).data.id).toBe(invitation.id);
    expect(await invitationMails(owner.actor)).toHaveLength(1);

    const accepted = await answerAs(member.key, invitation.id, "accept");
    expect(accepted.status).toBe(200);
    expect((await accepted.json()).data).toEqual({ company_id: folder.id });
    expect(await myInvitations(member.key)).toEqual([]);
    expect((await answerAs(member.key, invitation.id, "accept")).status).toBe(404);
    expect((await inviteAs(owner.key, folder.id, member.user.email)).status).toBe(409);

    const members = await (await call(getMembers, `/v1/companies/${folder.id}/members`, { headers: { "x-api-key": member.key }, params: { uuid: folder.id } })).json();
    expect(members.data.map((m: Json) => m.role)).toEqual(["ROLE_OWNER", "ROLE_INVITED"]);
    const docs = await (await docsOf(member.key)).json();
    expect(docs.data).toHaveLength(1);
    expect(docs.data[0].attributes.isOwner).toBe(false);

    for (const [handler, init] of [
      [deleteCompany, { method: "DELETE" }],
      [patchCompany, { method: "PATCH", headers: json, body: JSON.stringify({ name: "Mía" }) }],
      [invite, { method: "POST", headers: json, body: JSON.stringify({ email: owner.user.email }) }],
      [listPending, {}],
    ] as const) {
      const res = await call(handler, `/v1/companies/${folder.id}`, { ...init, headers: { "x-api-key": member.key, ...("headers" in init ? init.headers : {}) }, params: { uuid: folder.id } });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: "Only the folder's owner can do this." });
    }

    const removed = await call(removeMember, `/v1/companies/${folder.id}/members/${member.user.id}`, { method: "DELETE", headers: { "x-api-key": owner.key }, params: { uuid: folder.id, userId: member.user.id } });
    expect(removed.status).toBe(204);
    expect((await docsOf(member.key)).status).toBe(404);
  });

  it("answers an address with an account exactly as one without: no name, no user id, an e-mail to each", async () => {
    const owner = await seedUserWithKey();
    const someone = await seedUserWithKey({ name: "Begoña Núñez Peña" });
    const folder = await createWorkFolder(getDb(), owner.actor, { name: "Compartida" });
    const withAccount = await inviteAs(owner.key, folder.id, someone.user.email);
    const without = await inviteAs(owner.key, folder.id, "nadie@example.com");
    expect([withAccount.status, without.status]).toEqual([202, 202]);
    const [a, b] = [(await withAccount.json()).data, (await without.json()).data];
    expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
    expect(Object.keys(a).sort()).toEqual(["created_at", "email", "id", "status"]);
    expect(JSON.stringify(a)).not.toMatch(new RegExp(`${someone.user.id}|Begoña|Núñez`));
    expect((await invitationMails(owner.actor)).map((m) => m.recipient).sort()).toEqual([someone.user.email.toLowerCase(), "nadie@example.com"].sort());
    // Whoever signs up later with that address finds the invitation waiting.
    const later = await seedUserWithKey({ email: "Nadie@example.com" });
    expect((await myInvitations(later.key)).map((i: Json) => i.id)).toEqual([b.id]);
  });

  it("only the invitee answers their invitation; declining or a withdrawal ends it without membership", async () => {
    const owner = await seedUserWithKey();
    const invitee = await seedUserWithKey();
    const stranger = await seedUserWithKey();
    const folder = await createWorkFolder(getDb(), owner.actor, { name: "Compartida" });
    const first = (await (await inviteAs(owner.key, folder.id, invitee.user.email)).json()).data;
    // Someone else, the owner included, cannot accept it for them: it is not theirs (404).
    for (const key of [stranger.key, owner.key]) expect((await answerAs(key, first.id, "accept")).status).toBe(404);
    expect(await myInvitations(stranger.key)).toEqual([]);
    expect((await answerAs(invitee.key, first.id, "decline")).status).toBe(204);
    expect((await answerAs(invitee.key, first.id, "accept")).status).toBe(404);
    const members = await (await call(getMembers, `/v1/companies/${folder.id}/members`, { headers: { "x-api-key": owner.key }, params: { uuid: folder.id } })).json();
    expect(members.data).toHaveLength(1);

    const second = (await (await inviteAs(owner.key, folder.id, invitee.user.email)).json()).data;
    expect(second.id).not.toBe(first.id);
    const withdraw = (key: string) =>
      call(withdrawInvitation, `/v1/companies/${folder.id}/invitations/${second.id}`, { method: "DELETE", headers: { "x-api-key": key }, params: { uuid: folder.id, invitationId: second.id } });
    expect((await withdraw(stranger.key)).status).toBe(404);
    expect((await withdraw(owner.key)).status).toBe(204);
    expect(await myInvitations(invitee.key)).toEqual([]);
    expect((await answerAs(invitee.key, second.id, "accept")).status).toBe(404);
  });

  it("invites only from folders one owns (404 for strangers)", async () => {
    const owner = await seedUserWithKey();
    const stranger = await seedUserWithKey();
    const folder = await createWorkFolder(getDb(), owner.actor, { name: "Compartida" });
    const foreign = await inviteAs(stranger.key, folder.id, stranger.user.email);
    expect(foreign.status).toBe(404);
    const peek = await call(getMembers, `/v1/companies/${folder.id}/members`, { headers: { "x-api-key": stranger.key }, params: { uuid: folder.id } });
    expect(peek.status).toBe(404);
    expect(await peek.json()).toEqual({ message: "Work folder not found." });
    const pendingPeek = await call(listPending, `/v1/companies/${folder.id}/invitations`, { headers: { "x-api-key": stranger.key }, params: { uuid: folder.id } });
    expect(pendingPeek.status).toBe(404);
    const kick = await call(removeMember, `/v1/companies/${folder.id}/members/${owner.user.id}`, { method: "DELETE", headers: { "x-api-key": stranger.key }, params: { uuid: folder.id, userId: owner.user.id } });
    expect(kick.status).toBe(404);
    // The owner cannot be removed, even by themselves.
    const self = await call(removeMember, `/v1/companies/${folder.id}/members/${owner.user.id}`, { method: "DELETE", headers: { "x-api-key": owner.key }, params: { uuid: folder.id, userId: owner.user.id } });
    expect(self.status).toBe(404);
  });
});

describe("PATCH and DELETE /v1/companies/{uuid}", () => {
  it("renames a folder; deletes an empty one; refuses the default one and one with documents (409)", async () => {
    const { key, actor } = await seedUserWithKey();
    const json = { "content-type": "application/json" };
    const empty = await createWorkFolder(getDb(), actor, { name: "Vacía" });
    const full = await createWorkFolder(getDb(), actor, { name: "Llena" });
    await seedDocument(actor, { folderId: full.id });
    const renamed = await call(patchCompany, `/v1/companies/${empty.id}`, { method: "PATCH", headers: { "x-api-key": key, ...json }, body: JSON.stringify({ name: "Ya no vacía", time_zone: "America/Tijuana" }), params: { uuid: empty.id } });
    expect(renamed.status).toBe(200);
    expect((await renamed.json()).data[0].attributes).toMatchObject({ name: "Ya no vacía", time_zone: "America/Tijuana" });

    const home = (await (await list(key)).json()).data[0];
    const refusedHome = await call(deleteCompany, `/v1/companies/${home.id}`, { method: "DELETE", headers: { "x-api-key": key }, params: { uuid: home.id } });
    expect(refusedHome.status).toBe(409);
    expect((await refusedHome.json()).message).toBe("The folder «mis documentos» cannot be deleted.");
    const refusedFull = await call(deleteCompany, `/v1/companies/${full.id}`, { method: "DELETE", headers: { "x-api-key": key }, params: { uuid: full.id } });
    expect(refusedFull.status).toBe(409);
    expect((await refusedFull.json()).message).toBe("The folder holds 1 document(s); move them to another folder first.");
    expect((await call(deleteCompany, `/v1/companies/${empty.id}`, { method: "DELETE", headers: { "x-api-key": key }, params: { uuid: empty.id } })).status).toBe(204);
    expect((await call(getCompany, `/v1/companies/${empty.id}`, { headers: { "x-api-key": key }, params: { uuid: empty.id } })).status).toBe(404);
  });

  it("answers 404 to a stranger for PATCH and DELETE and changes nothing", async () => {
    const a = await seedUserWithKey();
    const b = await seedUserWithKey();
    const folder = await createWorkFolder(getDb(), a.actor, { name: "De A" });
    expect((await call(patchCompany, `/v1/companies/${folder.id}`, { method: "PATCH", headers: { "x-api-key": b.key, "content-type": "application/json" }, body: JSON.stringify({ name: "De B" }), params: { uuid: folder.id } })).status).toBe(404);
    expect((await call(deleteCompany, `/v1/companies/${folder.id}`, { method: "DELETE", headers: { "x-api-key": b.key }, params: { uuid: folder.id } })).status).toBe(404);
    const shown = await (await call(getCompany, `/v1/companies/${folder.id}`, { headers: { "x-api-key": a.key }, params: { uuid: folder.id } })).json();
    expect(shown.data[0].attributes.name).toBe("De A");
  });
});
