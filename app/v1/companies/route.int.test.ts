import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { createWorkFolder } from "@/lib/services/work-folders/create-work-folder";
import { inviteFolderMember } from "@/lib/services/work-folders/folder-members";
import { seedDocument } from "@/test/factories/documents";
import { seedUserWithKey } from "@/test/factories/seed";
import { call } from "@/test/http";
import { GET as getMembers, POST as invite } from "./[uuid]/members/route";
import { DELETE as removeMember } from "./[uuid]/members/[userId]/route";
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
    await inviteFolderMember(getDb(), owner.actor, shared.id, me.user.email);

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
  it("the owner invites by e-mail; the member sees documents but cannot delete, rename or invite; the owner removes them", async () => {
    const owner = await seedUserWithKey({ name: "Sofía Peña" });
    const member = await seedUserWithKey({ name: "Íñigo Sáenz" });
    const folder = await createWorkFolder(getDb(), owner.actor, { name: "Compartida" });
    const json = { "content-type": "application/json" };

    const invited = await call(invite, `/v1/companies/${folder.id}/members`, { method: "POST", headers: { "x-api-key": owner.key, ...json }, body: JSON.stringify({ email: member.user.email.toUpperCase() }), params: { uuid: folder.id } });
    expect(invited.status).toBe(201);
    expect((await invited.json()).data).toEqual({ user_id: member.user.id, name: "Íñigo Sáenz", email: member.user.email, roleKey: "invited", role: "ROLE_INVITED" });
    const again = await call(invite, `/v1/companies/${folder.id}/members`, { method: "POST", headers: { "x-api-key": owner.key, ...json }, body: JSON.stringify({ email: member.user.email }), params: { uuid: folder.id } });
    expect(again.status).toBe(409);

    const members = await (await call(getMembers, `/v1/companies/${folder.id}/members`, { headers: { "x-api-key": member.key }, params: { uuid: folder.id } })).json();
    expect(members.data.map((m: Json) => m.role)).toEqual(["ROLE_OWNER", "ROLE_INVITED"]);

    await seedDocument(owner.actor, { folderId: folder.id });
    const { GET: listDocs } = await import("@/app/v1/containers/[uuid]/documents/route");
    const docs = await (await call(listDocs, `/v1/containers/${folder.id}/documents`, { headers: { "x-api-key": member.key }, params: { uuid: folder.id } })).json();
    expect(docs.data).toHaveLength(1);
    expect(docs.data[0].attributes.isOwner).toBe(false);

    for (const [handler, init] of [
      [deleteCompany, { method: "DELETE" }],
      [patchCompany, { method: "PATCH", headers: json, body: JSON.stringify({ name: "Mía" }) }],
      [invite, { method: "POST", headers: json, body: JSON.stringify({ email: owner.user.email }) }],
    ] as const) {
      const res = await call(handler, `/v1/companies/${folder.id}`, { ...init, headers: { "x-api-key": member.key, ...("headers" in init ? init.headers : {}) }, params: { uuid: folder.id } });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: "Only the folder's owner can do this." });
    }

    const removed = await call(removeMember, `/v1/companies/${folder.id}/members/${member.user.id}`, { method: "DELETE", headers: { "x-api-key": owner.key }, params: { uuid: folder.id, userId: member.user.id } });
    expect(removed.status).toBe(204);
    expect((await call(listDocs, `/v1/containers/${folder.id}/documents`, { headers: { "x-api-key": member.key }, params: { uuid: folder.id } })).status).toBe(404);
  });

  it("invites only existing accounts (422) and only from folders one owns (404 for strangers)", async () => {
    const owner = await seedUserWithKey();
    const stranger = await seedUserWithKey();
    const folder = await createWorkFolder(getDb(), owner.actor, { name: "Compartida" });
    const json = { "content-type": "application/json" };
    const unknown = await call(invite, `/v1/companies/${folder.id}/members`, { method: "POST", headers: { "x-api-key": owner.key, ...json }, body: JSON.stringify({ email: "nadie@example.com" }), params: { uuid: folder.id } });
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).errors.email[0]).toMatch(/No Rúbrica account/);
    const foreign = await call(invite, `/v1/companies/${folder.id}/members`, { method: "POST", headers: { "x-api-key": stranger.key, ...json }, body: JSON.stringify({ email: stranger.user.email }), params: { uuid: folder.id } });
    expect(foreign.status).toBe(404);
    const peek = await call(getMembers, `/v1/companies/${folder.id}/members`, { headers: { "x-api-key": stranger.key }, params: { uuid: folder.id } });
    expect(peek.status).toBe(404);
    expect(await peek.json()).toEqual({ message: "Work folder not found." });
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
