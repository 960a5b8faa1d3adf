import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { renderIneBack, renderIneFront } from "@/lib/adapters/ine/sandbox-cards";
import { TURNING_FACE, cardPhoto, selfie, type FaceSource } from "@/lib/adapters/ine/sandbox-faces";
import { SANDBOX_VOTERS, type SandboxVoter } from "@/lib/adapters/ine/sandbox-voters";
import { createCertificateRequest, generateSignerKeys } from "@/lib/crypto/certificate-request";
import { createDetachedCms } from "@/lib/crypto/cms-signature";
import { getDb } from "@/lib/db/client";
import { documents, identitySessions, signatories, users } from "@/lib/db/schema";
import { PEER_ADDRESS_HEADER } from "@/lib/http/rate-limit";
import { checkSession } from "@/lib/services/identity-sessions/check-session";
import { moveSession } from "@/lib/services/identity-sessions/move-session";
import { sealDocument } from "@/lib/services/signing/seal-document";
import { signingEnvironment } from "@/lib/services/signing/signing-environment";
import { signBodyFor, testSigner } from "@/test/factories/certificates";
import { seedDocument } from "@/test/factories/documents";
import { seedUserWithKey } from "@/test/factories/seed";
import { call } from "@/test/http";
import { GET as getDocument } from "@/app/v1/documents/[uuid]/route";
import { GET as sessionV2 } from "@/app/identity/v2/identity/sessions/[id]/route";
import { POST as capture } from "@/app/identity/verify/[token]/files/[kind]/route";
import { POST as submit } from "@/app/identity/verify/[token]/submit/route";
import { GET as view } from "../route";
import { POST as sign } from "../sign/route";
import { POST as issueCertificate } from "./certificate/route";
import { POST as startVerification } from "./route";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const JOSE = SANDBOX_VOTERS[1]!; // JOSÉ ÁNGEL NÚÑEZ GARCÍA, shown with TURNING_FACE (looks almost ahead: yaw ~0.19 rad; his own looks straight ahead, and its mirror is no turn)

async function setup(signer: { name: string; rfc?: string }, allow = ["EFIRMA", "RUBRICA"]) {
  const owner = await seedUserWithKey({ name: "Sofía Peña Núñez" });
  const id = await seedDocument(owner.actor, { signatures: [{ name: signer.name, email: "firmante@example.com", rfc: signer.rfc }], config: { allow_type_signatures: allow } });
  const [person] = await getDb().select().from(signatories).where(eq(signatories.documentId, id)).orderBy(asc(signatories.position));
  const [doc] = await getDb().select().from(documents).where(eq(documents.id, id));
  return { owner, id, signatureId: person!.id, hash: doc!.originalHash };
}

const post = (handler: typeof sign, signatureId: string, body?: unknown) =>
  call(handler, `/v1/signatures/${signatureId}/x`, {
    method: "POST",
    headers: { "content-type": "application/json", [PEER_ADDRESS_HEADER]: "198.51.100.9" },
    body: body === undefined ? undefined : JSON.stringify(body),
    params: { signatureId },
  });
const look = async (signatureId: string) => ((await (await call(view, `/v1/signatures/${signatureId}`, { params: { signatureId } })).json()) as Json).data;
const transactionsOf = async (userId: string) => (await getDb().select({ n: users.transactions }).from(users).where(eq(users.id, userId)))[0]!.n;
const sessionsOf = (signatureId: string) => getDb().select().from(identitySessions).where(eq(identitySessions.signatoryId, signatureId));

/** The signer on the verification page: card, back, selfie and the head turned (the selfie mirrored), then the checks job. */
async function verifyOnThePage(verificationUrl: string, voter: SandboxVoter, face: FaceSource) {
  const token = verificationUrl.split("/").pop()!;
  const still = await selfie(face);
  const captures = {
    ine_front: await renderIneFront(voter, { photo: await cardPhoto(face) }),
    ine_back: await renderIneBack(voter),
    selfie: still,
    liveness: await sharp(still).flop().jpeg({ quality: 90 }).toBuffer(),
  };
  for (const [kind, bytes] of Object.entries(captures)) {
    const res = await call(capture, `/identity/verify/${token}/files/${kind}`, { method: "POST", headers: { "content-type": "image/jpeg" }, body: Buffer.from(bytes), params: { token, kind } });
    expect(res.status, `${kind}: ${await res.clone().text()}`).toBe(200);
  }
  expect((await call(submit, `/identity/verify/${token}/submit`, { method: "POST", params: { token } })).status).toBe(200);
  const [session] = await getDb().select().from(identitySessions).where(eq(identitySessions.formToken, token));
  await checkSession(getDb(), session!.id);
}

/** A verification as the checks job leaves it, for the cases where what it read is the point (no OCR run). */
async function finishAs(signatureId: string, voter: SandboxVoter, result = 100) {
  const [session] = await sessionsOf(signatureId);
  const now = new Date();
  await moveSession(getDb(), session!.id, { from: ["OPEN"], to: "VERIFYING", now });
  await moveSession(getDb(), session!.id, {
    from: ["VERIFYING"],
    to: "FINISHED",
    result,
    now,
    evidence: {
      documentData: { cic: voter.cic, curp: voter.curp, id_ciudadano: voter.identificador_ciudadano },
      renapo: { estatus: "ENCONTRADA", persona: { curp: voter.curp, nombres: voter.nombres, primer_apellido: voter.primer_apellido, segundo_apellido: voter.segundo_apellido, sexo: voter.sexo, fecha_nacimiento: voter.fecha_nacimiento, entidad_nacimiento: "JC", nacionalidad: "MEX", estatus_curp: "AN" } },
    },
  });
}

/** What the signer's browser does once verified: a key it cannot export, a request, the certificate, the CMS. */
async function signInTheBrowser(signatureId: string, hash: string) {
  const keys = await generateSignerKeys();
  const res = await post(issueCertificate, signatureId, { csr: Buffer.from(await createCertificateRequest(keys, "JOSE")).toString("base64") });
  expect(res.status, await res.clone().text()).toBe(200);
  const issued = ((await res.json()) as Json).data;
  const certificateDer = new Uint8Array(Buffer.from(issued.certificate, "base64"));
  const cms = await createDetachedCms({ certificateDer, privateKey: keys.privateKey, documentHash: new Uint8Array(Buffer.from(hash, "hex")) });
  return { issued, body: { type: "RUBRICA", certificate: issued.certificate, signature: Buffer.from(cms).toString("base64") } };
}

describe("RUBRICA: signing with a verified identity", () => {
  it("verifies the signer on the verification page, certifies their browser's key for the verified name and CURP, and records a signature openssl verifies", async () => {
    const { owner, id, signatureId, hash } = await setup({ name: "José Ángel Núñez García" });
    expect((await look(signatureId)).identity_verification).toEqual({ state: "NOT_STARTED", result: null, verification_url: null, verified_name: null, verified_curp: null, attempts_left: 3 });
    const before = await transactionsOf(owner.user.id);

    const started = await post(startVerification, signatureId);
    expect(started.status).toBe(200);
    const opened = ((await started.json()) as Json).data.identity_verification;
    expect(opened).toEqual({ state: "OPEN", result: null, verification_url: expect.stringMatching(/\/identity\/verify\/[\w-]{43}$/), verified_name: null, verified_curp: null, attempts_left: 2 });
    // Asking again while it is open keeps the same session and charges nothing more.
    expect(((await (await post(startVerification, signatureId)).json()) as Json).data.identity_verification.verification_url).toBe(opened.verification_url);
    expect(await transactionsOf(owner.user.id)).toBe(before - 1);

    // The session is the owner's, with the validations RUBRICA asks for, and brings the signer back.
    const [session] = await sessionsOf(signatureId);
    expect(session).toMatchObject({ userId: owner.user.id, validations: ["INE", "CURP", "LIVENESS_DETECTION"], redirectUrl: `http://localhost:3000/signature/sign-document/${signatureId}`, livenessChallenge: "turn_head" });
    const v2 = await call(sessionV2, `/identity/v2/identity/sessions/${session!.id}`, { headers: { authorization: `Bearer ${owner.key}` }, params: { id: session!.id } });
    expect(v2.status).toBe(200);

    // Not verified yet: no certificate.
    const early = await post(issueCertificate, signatureId, { csr: Buffer.from(await createCertificateRequest(await generateSignerKeys(), "X")).toString("base64") });
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ message: "Finish verifying your identity first." });

    await verifyOnThePage(opened.verification_url, JOSE, TURNING_FACE);
    expect((await look(signatureId)).identity_verification).toEqual({ state: "VERIFIED", result: 100, verification_url: null, verified_name: "JOSÉ ÁNGEL NÚÑEZ GARCÍA", verified_curp: JOSE.curp, attempts_left: 2 });

    const { issued, body } = await signInTheBrowser(signatureId, hash);
    expect(issued).toMatchObject({ chain: [expect.any(String), expect.any(String)], certificate_number: expect.stringMatching(/^9\d{19}$/) });
    expect(new Date(issued.expires_at).getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    const signed = await post(sign, signatureId, body);
    expect(signed.status, await signed.clone().text()).toBe(200);
    expect(((await signed.json()) as Json).data).toMatchObject({ link_status: "SIGNED", signer: { sign_status: "SIGNED" } });

    const { data } = (await (await call(getDocument, `/v1/documents/${id}`, { headers: { "x-api-key": owner.key }, params: { uuid: id } })).json()) as Json;
    expect(data.relationships.signatories.data[0].attributes).toMatchObject({
      sign_status: "SIGNED",
      curp: JOSE.curp,
      rfc: null,
      certificate_serial_number: issued.certificate_number,
      certificate_issuer_name: "RUBRICA AC DE IDENTIDAD VERIFICADA",
    });

    // Independent check: the signer's CMS over the PDF, chained to the platform root.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rubrica-"));
    const [row] = await getDb().select().from(signatories).where(eq(signatories.id, signatureId));
    const { platform } = await signingEnvironment();
    fs.writeFileSync(path.join(dir, "sig.der"), Buffer.from(row!.signature!, "base64"));
    fs.writeFileSync(path.join(dir, "chain.pem"), [platform.root.certificate, platform.identity.certificate].map((c) => c.toString("pem")).join("\n"));
    const { fileStorage } = await import("@/lib/adapters/storage/storage");
    fs.writeFileSync(path.join(dir, "doc.pdf"), await fileStorage().get(hash));
    execFileSync("openssl", ["cms", "-verify", "-binary", "-inform", "DER", "-in", path.join(dir, "sig.der"), "-content", path.join(dir, "doc.pdf"), "-CAfile", path.join(dir, "chain.pem"), "-purpose", "any", "-out", "/dev/null"], { stdio: "pipe" });

    // The only signer signed: the document seals as with any other signature type.
    expect(await sealDocument(getDb(), id)).toBe("sealed");
  }, 180_000);

  it("refuses another signer's certificate, a national certificate under RUBRICA, a tampered request, and a document that does not accept RUBRICA", async () => {
    const a = await setup({ name: "José Ángel Núñez García" });
    const b = await setup({ name: "José Núñez" });
    for (const link of [a, b]) {
      await post(startVerification, link.signatureId);
      await finishAs(link.signatureId, JOSE);
      expect((await look(link.signatureId)).identity_verification.state).toBe("VERIFIED");
    }
    // B's certificate, signed with B's key, over A's document: not issued to A.
    const fromB = await signInTheBrowser(b.signatureId, a.hash);
    const wrong = await post(sign, a.signatureId, fromB.body);
    expect(wrong.status).toBe(422);
    expect(((await wrong.json()) as Json).errors).toEqual({ certificate: ["This certificate was not issued to you for this signature. Verify your identity and sign again from this page."] });

    // An e.firma certificate sent as RUBRICA: not from the platform's identity CA.
    const efirma = await post(sign, a.signatureId, { ...(await signBodyFor(await testSigner(), a.hash)), type: "RUBRICA" });
    expect(efirma.status).toBe(422);
    expect(((await efirma.json()) as Json).errors).toEqual({ certificate: ["The certificate was not issued by an authority trusted for RUBRICA."] });

    // A request whose signature does not match its key proves nothing.
    const der = await createCertificateRequest(await generateSignerKeys(), "X");
    der[der.length - 3]! ^= 0xff;
    const tampered = await post(issueCertificate, a.signatureId, { csr: Buffer.from(der).toString("base64") });
    expect(tampered.status).toBe(422);
    expect(((await tampered.json()) as Json).errors).toEqual({ csr: ["The request is not signed by its own key."] });

    // A's own certificate still works after all that; a second request replaces the first.
    const first = await signInTheBrowser(a.signatureId, a.hash);
    const second = await signInTheBrowser(a.signatureId, a.hash);
    expect((await post(sign, a.signatureId, first.body)).status).toBe(422);
    expect((await post(sign, a.signatureId, second.body)).status).toBe(200);

    const efirmaOnly = await setup({ name: "José Ángel Núñez García" }, ["EFIRMA"]);
    expect((await look(efirmaOnly.signatureId)).identity_verification).toBeNull();
    const refused = await post(startVerification, efirmaOnly.signatureId);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: "This document does not accept signing with a verified identity (RUBRICA)." });
  }, 120_000);

  it("matches the name the owner typed, and the RFC's root when given; a mismatch or a failure lets the signer try again, three times in all", async () => {
    for (const [rfc, state] of [["NUGA800715AB1", "VERIFIED"], ["NUGA800716AB1", "MISMATCH"]] as const) {
      const link = await setup({ name: "José Núñez", rfc });
      await post(startVerification, link.signatureId);
      await finishAs(link.signatureId, JOSE);
      expect((await look(link.signatureId)).identity_verification.state).toBe(state);
    }

    const other = await setup({ name: "Ana Torres Ruiz" });
    await post(startVerification, other.signatureId);
    await finishAs(other.signatureId, JOSE);
    expect((await look(other.signatureId)).identity_verification).toMatchObject({ state: "MISMATCH", verified_name: "JOSÉ ÁNGEL NÚÑEZ GARCÍA", attempts_left: 2 });
    const refused = await post(issueCertificate, other.signatureId, { csr: Buffer.from(await createCertificateRequest(await generateSignerKeys(), "X")).toString("base64") });
    expect(await refused.json()).toEqual({ message: "The verified identity is not the signatory's the owner named." });

    // Try again: a new session; below 100 is a failure; the third is the last.
    expect(((await (await post(startVerification, other.signatureId)).json()) as Json).data.identity_verification).toMatchObject({ state: "OPEN", attempts_left: 1 });
    const [newest] = (await sessionsOf(other.signatureId)).sort((x, y) => +y.createdAt - +x.createdAt);
    await moveSession(getDb(), newest!.id, { from: ["OPEN"], to: "FAILED", result: 0, now: new Date() });
    expect((await look(other.signatureId)).identity_verification).toMatchObject({ state: "FAILED", attempts_left: 1 });
    expect((await post(startVerification, other.signatureId)).status).toBe(200);
    const [last] = (await sessionsOf(other.signatureId)).sort((x, y) => +y.createdAt - +x.createdAt);
    await moveSession(getDb(), last!.id, { from: ["OPEN"], to: "FAILED", result: 0, now: new Date() });
    const spent = await post(startVerification, other.signatureId);
    expect(spent.status).toBe(409);
    expect(((await spent.json()) as Json).message).toMatch(/^You have used every identity verification this link allows/);
    expect(await sessionsOf(other.signatureId)).toHaveLength(3);
  }, 60_000);

  it("opens one session for concurrent clicks, and answers 402 when the owner has no transactions left", async () => {
    const { signatureId } = await setup({ name: "José Ángel Núñez García" });
    const answers = await Promise.all([1, 2, 3, 4].map(() => post(startVerification, signatureId)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await sessionsOf(signatureId)).toHaveLength(1);

    const broke = await setup({ name: "José Ángel Núñez García" });
    await getDb().update(users).set({ transactions: 0 }).where(eq(users.id, broke.owner.user.id));
    const refused = await post(startVerification, broke.signatureId);
    expect(refused.status).toBe(402);
    expect(await refused.json()).toEqual({ message: "Las transacciones del usuario se han terminado" });
    expect(await sessionsOf(broke.signatureId)).toHaveLength(0);
  }, 60_000);
});
