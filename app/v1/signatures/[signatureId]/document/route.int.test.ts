import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fileStorage } from "@/lib/adapters/storage/storage";
import { getDb } from "@/lib/db/client";
import { documents, signatories } from "@/lib/db/schema";
import { PEER_ADDRESS_HEADER } from "@/lib/http/rate-limit";
import { seedDocument } from "@/test/factories/documents";
import { seedUserWithKey } from "@/test/factories/seed";
import { call } from "@/test/http";
import { GET as auditTrail } from "@/app/v1/documents/[uuid]/audit/route";
import { GET as view } from "../route";
import { GET as readDocument } from "./route";

type AuditEvent = { seq: number; action: string; subject_type: string; subject_id: string; data: Record<string, unknown>; ip: string | null; prev_hash: string; hash: string };

describe("GET /v1/signatures/{signature_id}/document", () => {
  it("serves the original PDF; the view and the read each add an event to the document's audit trail", async () => {
    const owner = await seedUserWithKey();
    const id = await seedDocument(owner.actor);
    const [signer] = await getDb().select().from(signatories).where(eq(signatories.documentId, id)).orderBy(asc(signatories.position));
    const [doc] = await getDb().select().from(documents).where(eq(documents.id, id));
    const trail = async () => {
      const body = await (await call(auditTrail, `/v1/documents/${id}/audit`, { headers: { "x-api-key": owner.key }, params: { uuid: id } })).json();
      expect(body.meta.chain_valid).toBe(true);
      return body.data as AuditEvent[];
    };
    const before = await trail();
    expect(before.map((e) => e.action)).toEqual(["document.created"]);
    const from = (ip: string) => ({ headers: { [PEER_ADDRESS_HEADER]: ip }, params: { signatureId: signer!.id } });

    expect((await call(view, `/v1/signatures/${signer!.id}`, from("198.51.100.21"))).status).toBe(200);
    const afterView = await trail();
    expect(afterView).toHaveLength(2);
    expect(afterView[1]).toMatchObject({ seq: 2, action: "signature.viewed", subject_type: "signatory", subject_id: signer!.id, ip: "198.51.100.21", data: { documentId: id }, prev_hash: afterView[0]!.hash });

    const res = await call(readDocument, `/v1/signatures/${signer!.id}/document`, from("198.51.100.22"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await res.arrayBuffer()).equals(await fileStorage().get(doc!.originalHash))).toBe(true);
    const afterRead = await trail();
    expect(afterRead).toHaveLength(3);
    expect(afterRead[2]).toMatchObject({
      seq: 3,
      action: "signature.document_read",
      subject_type: "signatory",
      subject_id: signer!.id,
      ip: "198.51.100.22",
      data: { documentId: id, hash: doc!.originalHash, sealed: false },
      prev_hash: afterView[1]!.hash,
    });
  });

  it("refuses a removed signer (409) without serving or recording a read", async () => {
    const owner = await seedUserWithKey();
    const id = await seedDocument(owner.actor);
    const people = await getDb().select().from(signatories).where(eq(signatories.documentId, id)).orderBy(asc(signatories.position));
    const { updateDocument } = await import("@/lib/services/documents/update-document");
    await updateDocument(getDb(), owner.actor, id, { signatures: [{ name: people[0]!.name, email: people[0]!.email! }] });
    const res = await call(readDocument, `/v1/signatures/${people[1]!.id}/document`, { params: { signatureId: people[1]!.id } });
    expect(res.status).toBe(409);
    const body = await (await call(auditTrail, `/v1/documents/${id}/audit`, { headers: { "x-api-key": owner.key }, params: { uuid: id } })).json();
    expect(body.data.map((e: AuditEvent) => e.action)).not.toContain("signature.document_read");
  });

  it("refuses every link of a cancelled document (409, saying so) without serving or recording a read", async () => {
    const owner = await seedUserWithKey();
    const id = await seedDocument(owner.actor);
    const [signer] = await getDb().select().from(signatories).where(eq(signatories.documentId, id)).orderBy(asc(signatories.position));
    const { cancelDocument } = await import("@/lib/services/documents/cancel-document");
    await cancelDocument(getDb(), owner.actor, id);
    const res = await call(readDocument, `/v1/signatures/${signer!.id}/document`, { params: { signatureId: signer!.id } });
    expect(res.status).toBe(409);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect((await res.json()).message).toMatch(/cancelled this document/);
    const body = await (await call(auditTrail, `/v1/documents/${id}/audit`, { headers: { "x-api-key": owner.key }, params: { uuid: id } })).json();
    expect(body.data.map((e: AuditEvent) => e.action)).not.toContain("signature.document_read");
  });

  it("abuse: anonymous holders of a rejected document's links (the rejecter's and the others') get neither the PDF nor its pages, as for a cancelled one", async () => {
    const owner = await seedUserWithKey();
    const id = await seedDocument(owner.actor);
    const people = await getDb().select().from(signatories).where(eq(signatories.documentId, id)).orderBy(asc(signatories.position));
    const { rejectSignatory } = await import("@/lib/services/signing/reject-signatory");
    const { signingPageImage } = await import("@/lib/services/signing/signing-page-images");
    await rejectSignatory(getDb(), people[0]!.id, "No estoy de acuerdo.", { ip: null });
    for (const signer of people) {
      const res = await call(readDocument, `/v1/signatures/${signer.id}/document`, { params: { signatureId: signer.id } });
      expect(res.status).toBe(409);
      expect((await res.json()).message).toMatch(/rejected this document/);
      expect(await signingPageImage(getDb(), signer.id, 1, 820, { ip: null })).toEqual({ ok: false, problem: "not-found" });
    }
    const body = await (await call(auditTrail, `/v1/documents/${id}/audit`, { headers: { "x-api-key": owner.key }, params: { uuid: id } })).json();
    expect(body.data.map((e: AuditEvent) => e.action)).not.toContain("signature.document_read");
  });
});
