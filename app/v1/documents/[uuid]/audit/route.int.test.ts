import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { auditEvents } from "@/lib/db/schema";
import { sealDocument } from "@/lib/services/signing/seal-document";
import { seedUserWithKey } from "@/test/factories/seed";
import { seedSignedDocument } from "@/test/factories/signing";
import { call } from "@/test/http";
import { GET } from "./route";

describe("GET /v1/documents/{uuid}/audit", () => {
  it("lists the document's events in a hash chain that verifies, and that breaks where the log is edited", async () => {
    const { owner, id, people } = await seedSignedDocument();
    await sealDocument(getDb(), id);
    const res = await call(GET, `/v1/documents/${id}/audit`, { headers: { "x-api-key": owner.key }, params: { uuid: id } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(`auditoria-${id}.json`);
    const body = await res.json();
    expect(body.meta).toMatchObject({ chain_valid: true, first_broken_seq: null });
    expect(body.data.map((e: { action: string }) => e.action)).toEqual(["document.created", "signature.signed", "signature.signed", "document.sealed"]);
    expect(body.data.map((e: { seq: number }) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(body.data[1]).toMatchObject({ subject_type: "signatory", subject_id: people[0]!.id, ip: "198.51.100.7", prev_hash: body.data[0].hash });
    expect(body.data[0].prev_hash).toBe("0".repeat(64));

    // Someone with database access rewrites history: the chain says where.
    await getDb().update(auditEvents).set({ ip: "203.0.113.66" }).where(and(eq(auditEvents.documentId, id), eq(auditEvents.seq, 2)));
    const after = await (await call(GET, `/v1/documents/${id}/audit`, { headers: { "x-api-key": owner.key }, params: { uuid: id } })).json();
    expect(after.meta).toMatchObject({ chain_valid: false, first_broken_seq: 2 });
  }, 60_000);

  it("keeps one chain under concurrent events (no fork, no gap)", async () => {
    const { owner, id } = await seedSignedDocument();
    const { recordAuditEvent } = await import("@/lib/services/audit/record-audit-event");
    await Promise.all(Array.from({ length: 20 }, (_, i) => recordAuditEvent(getDb(), { actorUserId: null, action: "signature.viewed", subjectType: "signatory", subjectId: `s${i}`, data: { documentId: id } })));
    const body = await (await call(GET, `/v1/documents/${id}/audit`, { headers: { "x-api-key": owner.key }, params: { uuid: id } })).json();
    expect(body.meta.chain_valid).toBe(true);
    expect(body.data.map((e: { seq: number }) => e.seq)).toEqual(Array.from({ length: body.data.length }, (_, i) => i + 1));
    const count = await getDb().execute(sql`select count(*)::int as n from audit_events where document_id = ${id}`);
    expect(count[0]!.n).toBe(body.data.length);
  }, 60_000);

  it("answers another user exactly as an unknown id: 404, no events", async () => {
    const { id } = await seedSignedDocument();
    const stranger = await seedUserWithKey();
    const answer = async (uuid: string) => {
      const res = await call(GET, `/v1/documents/${uuid}/audit`, { headers: { "x-api-key": stranger.key }, params: { uuid } });
      return { status: res.status, type: res.headers.get("content-type"), disposition: res.headers.get("content-disposition"), body: await res.json() };
    };
    const unknown = await answer(crypto.randomUUID());
    expect(unknown).toEqual({ status: 404, type: expect.stringMatching(/^application\/json/), disposition: null, body: { message: "Document not found." } });
    expect(await answer(id)).toEqual(unknown);
  }, 60_000);
});
