import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fileStorage } from "@/lib/adapters/storage/storage";
import { writeSandboxRevocation } from "@/lib/adapters/pki/local-pki";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { signingEnvironment } from "@/lib/services/signing/signing-environment";
import { signBodyFor, testSigner } from "@/test/factories/certificates";
import { postAsSigner, seedDocumentToSign } from "@/test/factories/signing";
import { call } from "@/test/http";
import { GET as getDocument } from "@/app/v1/documents/[uuid]/route";
import { POST as reject } from "../reject/route";
import { GET as view } from "../route";
import { POST as sign } from "./route";

const setup = seedDocumentToSign;

const post = postAsSigner;
const look = async (signatureId: string) => (await (await call(view, `/v1/signatures/${signatureId}`, { params: { signatureId } })).json()).data;

describe("POST /v1/signatures/{signature_id}/sign", () => {
  it("records a valid e.firma signature with certificate data and a timestamp; openssl verifies both", async () => {
    const { owner, id, people, hash } = await setup();
    const signer = await testSigner({ name: "BEGOÑA NÚÑEZ PEÑA" });
    const res = await post(sign, people[0]!.id, await signBodyFor(signer, hash));
    expect(res.status).toBe(200);
    const body = (await res.json()).data;
    expect(body).toMatchObject({ link_status: "SIGNED", signer: { name: "Begoña Núñez", sign_status: "SIGNED" } });

    const { data } = await (await call(getDocument, `/v1/documents/${id}`, { headers: { "x-api-key": owner.key }, params: { uuid: id } })).json();
    const signed = data.relationships.signatories.data[0];
    expect(signed.attributes).toMatchObject({
      sign_status: "SIGNED",
      rfc: "GODE561231GR8",
      curp: "BOXW310820HNERXN09",
      certificate_serial_number: signer.certificateNumber,
      certificate_issuer_name: "AC DEL SERVICIO DE ADMINISTRACION TRIBUTARIA (PRUEBAS)",
      signed_at: expect.stringMatching(/Z$/),
    });
    expect(signed.relationships.timestamp).toMatchObject({ type: "timestamps", hash_algorithm: "SHA-256", tsa: "Rúbrica TSA", gen_time: expect.any(String) });
    expect(data.attributes).toMatchObject({ sign_status: 1, signed: false }); // one signer still pending

    // Independent checks: the CMS over the original PDF, the timestamp over the signature value.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signed-"));
    fs.writeFileSync(path.join(dir, "original.pdf"), await fileStorage().get(hash));
    fs.writeFileSync(path.join(dir, "sig.p7s"), Buffer.from(signed.attributes.signature, "base64"));
    const trustDir = path.join(env().TRUSTED_CA_DIR, "EFIRMA");
    fs.writeFileSync(path.join(dir, "trust.pem"), fs.readdirSync(trustDir).map((f) => fs.readFileSync(path.join(trustDir, f), "utf8")).join("\n"));
    const cms = spawnSync("openssl", ["cms", "-verify", "-binary", "-inform", "DER", "-in", path.join(dir, "sig.p7s"), "-content", path.join(dir, "original.pdf"), "-CAfile", path.join(dir, "trust.pem"), "-purpose", "any", "-out", "/dev/null"], { encoding: "utf8" });
    expect(cms.stderr).toContain("Verification successful");
    const platform = (await signingEnvironment()).platform;
    fs.writeFileSync(path.join(dir, "platform.pem"), `${platform.root.certificate.toString("pem")}\n${platform.issuing.certificate.toString("pem")}\n`);
    fs.writeFileSync(path.join(dir, "tsa.pem"), platform.tsa.certificate.toString("pem"));
    fs.writeFileSync(path.join(dir, "token.der"), Buffer.from(signed.relationships.timestamp.token, "base64"));
    const signatureValue = execFileSync("openssl", ["cms", "-cmsout", "-inform", "DER", "-in", path.join(dir, "sig.p7s"), "-print"], { encoding: "utf8" });
    expect(signatureValue).toContain("signature:");
    const ts = spawnSync("openssl", ["ts", "-verify", "-in", path.join(dir, "token.der"), "-token_in", "-digest", signed.relationships.timestamp.message_imprint, "-CAfile", path.join(dir, "platform.pem"), "-untrusted", path.join(dir, "tsa.pem")], { encoding: "utf8" });
    expect(ts.stdout).toContain("Verification: OK");
  });

  it("lets exactly one of 50 concurrent attempts sign; the others get 409", async () => {
    const { people, hash } = await setup();
    const signer = await testSigner();
    const body = await signBodyFor(signer, hash);
    // 50 signing pages open on 50 machines (one address would hit its per-address limit of 30).
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => post(sign, people[0]!.id, body, `203.0.113.${i}`)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const events = await getDb().execute(sql`select count(*)::int as n from audit_events where action = 'signature.signed' and subject_id = ${people[0]!.id}`);
    expect(events[0]!.n).toBe(1);
  }, 60_000);

  it.each([
    ["a key that is not the certificate's", "signature", /not this certificate's/],
    ["an expired certificate", "certificate", /expired/],
    ["a FIREL certificate presented as e.firma", "certificate", /not issued by an authority trusted for EFIRMA/],
    ["a revoked certificate", "certificate", /revoked/],
    ["a certificate of another RFC than the owner asked", "certificate", /belongs to RFC GODE561231GR8; the document asks for MAB9307148T4/],
  ])("refuses %s with 422 and a message a person understands, and changes nothing", async (kind, field, message) => {
    const { people, hash } = await setup({ signatures: [{ name: "Begoña", email: "b@example.com", rfc: kind.includes("RFC") ? "MAB9307148T4" : undefined }] });
    const signer = await testSigner({ type: kind.includes("FIREL") ? "FIREL" : "EFIRMA", ...(kind.includes("expired") ? { notBefore: new Date(Date.now() - 3 * 864e5), notAfter: new Date(Date.now() - 864e5) } : {}) });
    let body = await signBodyFor(signer, hash);
    if (kind.includes("key")) body = await signBodyFor(signer, hash, { privateKey: (await testSigner()).keys.privateKey });
    if (kind.includes("FIREL")) body.type = "EFIRMA";
    if (kind.includes("revoked")) writeSandboxRevocation(env().SANDBOX_CA_DIR, "EFIRMA", signer.certificate.serialNumber);
    const res = await post(sign, people[0]!.id, body);
    expect(res.status).toBe(422);
    const answer = await res.json();
    expect(answer.message).toBe("The given data was invalid.");
    expect(answer.errors[field][0]).toMatch(message);
    expect((await look(people[0]!.id)).signer.sign_status).toBe("PENDING");
  });

  it("refuses a signature over another document and a type the document does not allow", async () => {
    const { people } = await setup({ config: { allow_type_signatures: ["FIREL"] } });
    const signer = await testSigner();
    const otherHash = "A".repeat(64);
    const wrongDoc = await post(sign, people[0]!.id, { ...(await signBodyFor(signer, otherHash)), type: "FIREL" });
    expect(wrongDoc.status).toBe(422);
    const wrongType = await post(sign, people[0]!.id, await signBodyFor(signer, otherHash));
    expect(wrongType.status).toBe(422);
    expect((await wrongType.json()).errors.type).toEqual(["This document accepts FIREL."]);
  });

  it("with ordered signing, makes the second signer wait for the first", async () => {
    const { people, hash } = await setup({ signature_ordered: "ACTIVE" });
    const second = await look(people[1]!.id);
    expect(second).toMatchObject({ link_status: "NOT_YOUR_TURN", waiting_for: "Begoña Núñez" });
    const early = await post(sign, people[1]!.id, await signBodyFor(await testSigner(), hash));
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ message: "It is not your turn to sign yet: waiting for Begoña Núñez." });
    expect((await post(sign, people[0]!.id, await signBodyFor(await testSigner(), hash))).status).toBe(200);
    expect((await look(people[1]!.id)).link_status).toBe("ACTIVE");
    // The next signer's notice was queued with the signature.
    const queued = await getDb().execute(sql`select count(*)::int as n from pgboss.job where name = 'notify-signatories' and data->>'documentId' = ${people[0]!.documentId}`);
    expect(queued[0]!.n).toBeGreaterThanOrEqual(2);
  });

  it("queues the seal once the last signer signs", async () => {
    const { id, people, hash } = await setup();
    for (const p of people) expect((await post(sign, p.id, await signBodyFor(await testSigner(), hash))).status).toBe(200);
    const queued = await getDb().execute(sql`select count(*)::int as n from pgboss.job where name = 'seal-document' and data->>'documentId' = ${id}`);
    expect(queued[0]!.n).toBe(1);
  });
});

describe("POST /v1/signatures/{signature_id}/reject and the link's state", () => {
  it("rejects with a reason: the document is rejected and every link says so", async () => {
    const { owner, id, people, hash } = await setup();
    const res = await post(reject, people[0]!.id, { reason: "La cláusula 3 no es lo que acordamos." });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ link_status: "REJECTED", signer: { sign_status: "REJECTED", rejected_reason: "La cláusula 3 no es lo que acordamos." } });
    expect(await look(people[1]!.id)).toMatchObject({ link_status: "DOCUMENT_REJECTED", document: { sign_status_name: "REJECTED", rejected_message: "La cláusula 3 no es lo que acordamos." } });
    const late = await post(sign, people[1]!.id, await signBodyFor(await testSigner(), hash));
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({ message: "A signer rejected this document; it can no longer be signed." });
    const { data } = await (await call(getDocument, `/v1/documents/${id}`, { headers: { "x-api-key": owner.key }, params: { uuid: id } })).json();
    expect(data.attributes).toMatchObject({ sign_status: 3, sign_status_name: "REJECTED", rejected_message: "La cláusula 3 no es lo que acordamos." });
  });

  it("tells the owner, the other signer and the observer who rejected and why, by e-mail", async () => {
    const { owner, id, people } = await setup();
    const { listOutbox } = await import("@/lib/services/messages/list-outbox");
    expect((await post(reject, people[0]!.id, { reason: "El monto no coincide." })).status).toBe(200);
    const notices = (await listOutbox(getDb(), owner.actor)).filter((m) => m.template === "document-rejected");
    expect(notices.map((m) => m.recipient).sort()).toEqual([owner.user.email, "inigo@example.com", "jose@example.com"].sort());
    for (const m of notices) {
      expect(m.subject).toBe("Begoña Núñez rechazó firmar «Contrato Ñandú.pdf»");
      expect(m.text).toContain("Su motivo: «El monto no coincide».");
    }
    // Only the owner gets a link (to the dashboard); nobody gets a signing link.
    const withLinks = notices.filter((m) => m.text.includes("http"));
    expect(withLinks.map((m) => m.recipient)).toEqual([owner.user.email]);
    expect(withLinks[0]!.text).toContain(`/dashboard/documents/${id}`);
  });

  it("needs a reason (422)", async () => {
    const { people } = await setup();
    const res = await post(reject, people[0]!.id, { reason: " " });
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors)).toEqual(["reason"]);
  });

  it("answers 404 for an unknown link and shows removed signers and cancelled documents", async () => {
    const unknown = crypto.randomUUID();
    const res = await call(view, `/v1/signatures/${unknown}`, { params: { signatureId: unknown } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "This signing link does not exist." });

    const { owner, id, people } = await setup();
    const { updateDocument } = await import("@/lib/services/documents/update-document");
    await updateDocument(getDb(), owner.actor, id, { signatures: [{ name: "Begoña Núñez", email: "begona@example.com" }] });
    expect((await look(people[1]!.id)).link_status).toBe("REMOVED");
    const { cancelDocument } = await import("@/lib/services/documents/cancel-document");
    await cancelDocument(getDb(), owner.actor, id);
    const cancelled = await look(people[0]!.id);
    expect(cancelled.link_status).toBe("DOCUMENT_CANCELLED");
    // The page never shows other signers' e-mails.
    expect(JSON.stringify(cancelled)).not.toContain("@example.com");
  });
});
