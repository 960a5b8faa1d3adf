import { describe, expect, it } from "vitest";
import { fileStorage } from "@/lib/adapters/storage/storage";
import { getDb } from "@/lib/db/client";
import { sealDocument } from "@/lib/services/signing/seal-document";
import { readDocumentXml } from "@/lib/services/documents/read-document-files";
import { seedDocument, makePdf } from "@/test/factories/documents";
import { seedUserWithKey } from "@/test/factories/seed";
import { seedSignedDocument } from "@/test/factories/signing";
import { call } from "@/test/http";
import { documents, signatories } from "@/lib/db/schema";
import { asc, eq } from "drizzle-orm";
import { rejectSignatory } from "@/lib/services/signing/reject-signatory";
import { GET, POST } from "./route";

const upload = (bytes: Uint8Array, name: string) => {
  const form = new FormData();
  form.set("file", new File([bytes as BlobPart], name));
  return call(POST, "/v1/verify", { method: "POST", body: form });
};

describe("/v1/verify", () => {
  it("recognises a sealed PDF byte for byte, names its signers without e-mails, and refuses a changed copy", async () => {
    const { owner, id, hash } = await seedSignedDocument();
    await sealDocument(getDb(), id);
    const [doc] = await getDb().select().from(documents).where(eq(documents.id, id));
    const sealed = new Uint8Array(await fileStorage().get(doc!.sealedHash!));

    const res = await upload(sealed, "contrato-firmado.pdf");
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toMatchObject({ found: true, kind: "pdf", intact: true, matched: "sealed", document: { file_name: "Contrato Ñandú.pdf", original_hash: hash, sign_status_name: "COMPLETED", signed: true, owner: "Sofía Peña Núñez" } });
    // Who signed is the certificate's holder, as the certificate writes the name.
    expect(data.signers.map((s: { name: string }) => s.name)).toEqual(["BEGOÑA NÚÑEZ", "JOSÉ ÁNGEL PEÑA"]);
    expect(data.signers[0]).toMatchObject({ sign_status: "SIGNED", rfc: "GODE561231GR8", signature_type: "EFIRMA", certificate_issuer_name: expect.stringContaining("SERVICIO DE ADMINISTRACION TRIBUTARIA") });
    expect(data.constancy).toMatchObject({ tsa: "Rúbrica TSA" });
    expect(JSON.stringify(data)).not.toContain("@example.com");
    expect(JSON.stringify(data)).not.toMatch(/curp|BOXW310820HNERXN09/i);

    const changed = sealed.slice();
    changed[changed.length - 20] = changed[changed.length - 20]! ^ 1;
    expect((await (await upload(changed, "x.pdf")).json()).data).toMatchObject({ found: false, intact: false });

    // The XML record verifies too, and a record with an altered signature does not.
    const { xml } = await readDocumentXml(getDb(), owner.actor, id);
    expect((await (await upload(new TextEncoder().encode(xml), "r.xml")).json()).data).toMatchObject({ found: true, kind: "xml", intact: true, matched: "record" });
    const forged = xml.replace(/<signature>MII/, "<signature>MIJ");
    expect((await (await upload(new TextEncoder().encode(forged), "r.xml")).json()).data).toMatchObject({ found: true, kind: "xml", intact: false });

    // By hash, and by id as the QR code of a sheet sealed now does.
    const byHash = await call(GET, `/v1/verify?hash=${hash.toLowerCase()}`);
    expect((await byHash.json()).data).toMatchObject({ found: true, kind: "hash", intact: null, document: { original_hash: hash } });
    const byId = await call(GET, `/v1/verify?id=${id.toUpperCase()}`);
    expect((await byId.json()).data).toMatchObject({ found: true, kind: "hash", document: { original_hash: hash, owner: "Sofía Peña Núñez" } });
    expect((await call(GET, "/v1/verify")).status).toBe(422);
  }, 60_000);

  it("says an unknown file is not Rúbrica's, and validates input", async () => {
    const res = await upload(await makePdf(1, "Otro documento"), "otro.pdf");
    expect((await res.json()).data).toEqual({ found: false, kind: "pdf", intact: false, matched: null, document: null, signers: [], constancy: null, signatures: [] });
    expect((await call(GET, "/v1/verify?hash=nope")).status).toBe(422);
    expect((await call(POST, "/v1/verify", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).status).toBe(415);
  });

  it("recognises an original still being signed", async () => {
    const { actor } = await seedUserWithKey();
    // A PDF no other document has: an original shared by several names none of them.
    const id = await seedDocument(actor, { pages: 4 });
    const [doc] = await getDb().select().from(documents).where(eq(documents.id, id));
    const original = new Uint8Array(await fileStorage().get(doc!.originalHash));
    const { data } = await (await upload(original, "o.pdf")).json();
    expect(data).toMatchObject({ found: true, matched: "original", document: { sign_status_name: "IN_PROCESS", signed: false, file_name: null, owner: null }, signers: [] });
  });

  it("answers only the state of a document that was not sealed: a rejected one says REJECTED and names nobody", async () => {
    const { actor } = await seedUserWithKey();
    const id = await seedDocument(actor, { pages: 3 });
    const [first] = await getDb().select().from(signatories).where(eq(signatories.documentId, id)).orderBy(asc(signatories.position));
    await rejectSignatory(getDb(), first!.id, "No estoy de acuerdo.", { ip: null });
    const [doc] = await getDb().select().from(documents).where(eq(documents.id, id));
    const { data } = await (await call(GET, `/v1/verify?hash=${doc!.originalHash}`)).json();
    expect(data).toEqual({
      found: true,
      kind: "hash",
      intact: null,
      matched: null,
      document: { file_name: null, original_hash: doc!.originalHash, sealed_hash: null, sign_status_name: "REJECTED", signed: false, signed_at: null, owner: null },
      signers: [],
      constancy: null,
    });
    expect(JSON.stringify(data)).not.toMatch(/Begoña|Ñandú|No estoy/);
  });
});
