import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { answerOcspRequest, type TestOcspStatus } from "@/lib/crypto/test-ocsp-responder";
import { createHierarchy, issueOcspResponderCertificate } from "@/lib/crypto/test-pki";
import { env, resetEnvCache } from "@/lib/env";
import { satSigner, signBodyFor, trustSatTestAuthorities } from "@/test/factories/certificates";
import { postAsSigner, seedDocumentToSign } from "@/test/factories/signing";
import { POST as sign } from "./route";

// SAT's certificates name no OCSP responder; OCSP_MODE=live asks the one configured for their
// issuer. Here a local responder stands in for SAT's (cfdit.sat.gob.mx/edofiel): RFC 6960 over
// HTTP POST, answers signed by a responder certificate trusted as given, as SAT's are.
const XOCHILT = "FIEL_CACX7605101P8"; // serial = ASCII of 30001000000500003282
const statuses = new Map<string, TestOcspStatus>();
const received: { method?: string; contentType?: string; serials: string[] } = { serials: [] };
let responder: Awaited<ReturnType<typeof issueOcspResponderCertificate>>;
let signWith: "trusted" | "stranger" = "trusted";
let stranger: typeof responder;
let server: http.Server;
const saved = { OCSP_MODE: process.env.OCSP_MODE, OCSP_RESPONDERS: process.env.OCSP_RESPONDERS };

beforeAll(async () => {
  await trustSatTestAuthorities();
  const ours = await createHierarchy("PLATFORM");
  responder = await issueOcspResponderCertificate(ours.issuing, "OCSP AC UAT DE PRUEBA");
  stranger = await issueOcspResponderCertificate(ours.issuing, "OCSP QUE NADIE CONFIGURO");
  const dir = path.join(env().TRUSTED_CA_DIR, "EFIRMA", "ocsp-responders");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "ocsp-ac-uat.pem"), responder.certificate.toString("pem"));

  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      received.method = req.method;
      received.contentType = req.headers["content-type"];
      const signer = signWith === "trusted" ? responder : stranger;
      const answer = await answerOcspRequest(new Uint8Array(Buffer.concat(chunks)), { certificate: signer.certificate, privateKey: signer.keys.privateKey }, (serial) => {
        received.serials.push(serial);
        return statuses.get(serial) ?? "unknown";
      });
      res.writeHead(200, { "content-type": "application/ocsp-response" }).end(Buffer.from(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.OCSP_MODE = "live";
  process.env.OCSP_RESPONDERS = JSON.stringify({ "AC UAT": `http://127.0.0.1:${(server.address() as AddressInfo).port}/edofiel` });
  resetEnvCache();
}, 60_000);

afterAll(async () => {
  for (const [key, value] of Object.entries(saved)) if (value === undefined) delete process.env[key];
  else process.env[key] = value;
  resetEnvCache();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  statuses.clear();
  received.serials = [];
  signWith = "trusted";
});

const serialOf = async (folder: string) => (await satSigner(folder)).certificate.serialNumber.toUpperCase();
async function signAs(folder: string) {
  const { people, hash } = await seedDocumentToSign({ signatures: [{ name: "Xochilt Casas Chávez", email: "xochilt@example.com" }] });
  return postAsSigner(sign, people[0]!.id, await signBodyFor(await satSigner(folder), hash));
}

describe("revocation of SAT certificates through the OCSP responder configured for their issuer", () => {
  it("signs when the responder says good; the request is an RFC 6960 POST about SAT's ASCII serial", async () => {
    statuses.set(await serialOf(XOCHILT), "good");
    const res = await signAs(XOCHILT);
    expect(res.status).toBe(200);
    expect(received).toMatchObject({ method: "POST", contentType: "application/ocsp-request", serials: [Buffer.from("30001000000500003282").toString("hex").toUpperCase()] });
  });

  it("refuses with the revoked message when the responder says revoked (the company's FIEL)", async () => {
    statuses.set(await serialOf("FIEL_EKU9003173C9"), "revoked");
    const res = await signAs("FIEL_EKU9003173C9");
    expect(res.status).toBe(422);
    expect((await res.json()).errors.certificate).toEqual(["The certificate has been revoked by its authority."]);
  });

  it.each([
    ["the responder does not know the certificate", () => {}],
    ["the answer is signed by a responder nobody trusted", async () => {
      statuses.set(await serialOf(XOCHILT), "good");
      signWith = "stranger";
    }],
  ])("refuses with 'could not check' (503) when %s", async (_case, arrange) => {
    await arrange();
    const res = await signAs(XOCHILT);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ message: "We could not check with the certificate's authority whether it is revoked. Try again in a few minutes." });
  });
});
