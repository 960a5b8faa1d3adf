import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fileStorage } from "@/lib/adapters/storage/storage";
import { getDb } from "@/lib/db/client";
import { documents } from "@/lib/db/schema";
import { sealDocument } from "@/lib/services/signing/seal-document";
import { seedSignedDocument } from "@/test/factories/signing";
import { call } from "@/test/http";
import { REALWORLD_PDFS } from "@/test/realworld";
import { signingEnvironment } from "@/lib/services/signing/signing-environment";
import { GET as getConstancy } from "@/app/v1/documents/[uuid]/constancy/route";
import { GET as getXml } from "@/app/v1/documents/[uuid]/xml/route";
import { POST } from "./route";

// POST /v1/verify with a constancia (issue 29): a real NOM-151 constancia issued in production
// (shared/realworld/nom151), this installation's own, and any signed PDF judged from its bytes.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const NOM151 = path.resolve(process.cwd(), "../shared/realworld/nom151");
const constancia = fs.readFileSync(path.join(NOM151, "advantage-2018-constancia.der"));
const HASH = "6533901d156ca462d0a40380d5bc0a2264b0333b66de701268f5b2ab745f973e";

async function verify(parts: Record<string, Blob | string>, headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) form.set(name, value);
  const res = await call(POST, "/v1/verify", { method: "POST", body: form, headers });
  return { status: res.status, json: (await res.json()) as Json };
}
const file = (bytes: Uint8Array | Buffer, name: string) => new File([new Uint8Array(bytes)], name);

describe("POST /v1/verify with a constancia", () => {
  it("a real PSC's constancia is valid over its hash, chained to ACR2-SE, its negative serial read as such", async () => {
    const { status, json } = await verify({ hash: HASH, constancy: file(constancia, "constancia.tsr") });
    expect(status).toBe(200);
    expect(json.data.constancy).toMatchObject({ valid: true, imprint: HASH, gen_time: "2018-07-18T20:59:03.190Z", tsa: "Advantage Security PSC NOM151", policy: "2.16.484.101.10.316.2.1.1.2.1", serial_number: "-35CEE4", problems: [], covers: "file" });
    expect(json.data.constancy.chain).toHaveLength(2);
    // As Base64 in a text part, too.
    expect((await verify({ hash: HASH, constancy: constancia.toString("base64") })).json.data.constancy.valid).toBe(true);
  });

  it("is not valid over another hash, nor with one changed byte, and says why in the request's language", async () => {
    const other = `${HASH.slice(0, -1)}f`;
    const es = await verify({ hash: other, constancy: file(constancia, "c.tsr") });
    expect(es.json.data.constancy).toMatchObject({ valid: false, problems: ["La constancia no es de este documento: ampara otra huella SHA-256."] });
    const en = await verify({ hash: other, constancy: file(constancia, "c.tsr") }, { "accept-language": "en-US,en;q=0.9" });
    expect(en.json.data.constancy.problems).toEqual(["The certificate is not for this document: it covers another SHA-256 hash."]);

    const changed = Buffer.from(constancia);
    changed[changed.length - 10]! ^= 1; // inside the PSC's signature value
    const broken = await verify({ hash: HASH, constancy: file(changed, "c.tsr") });
    expect(broken.json.data.constancy).toMatchObject({ valid: false });
    expect(broken.json.data.constancy.problems.length).toBeGreaterThan(0);
  });

  it("refuses a constancia alone, one too large, and a malformed hash, with the field", async () => {
    expect(await verify({ constancy: file(constancia, "c.tsr") })).toMatchObject({ status: 422, json: { errors: { file: [expect.stringContaining("constancia")] } } });
    expect(await verify({ hash: HASH, constancy: file(Buffer.alloc(70 * 1024, 0x30), "big.tsr") })).toMatchObject({ status: 422, json: { errors: { constancy: [expect.any(String)] } } });
    expect(await verify({ hash: "xyz", constancy: file(constancia, "c.tsr") })).toMatchObject({ status: 422, json: { errors: { hash: [expect.any(String)] } } });
    const garbage = await verify({ hash: HASH, constancy: "esto no es una constancia" });
    expect(garbage.json.data.constancy).toMatchObject({ valid: false, problems: [expect.stringContaining("no es una constancia")] });
  });

  it("this installation's constancy verifies with the sealed PDF (it covers the original, the sealed file's first revision), and every signature of the PDF is reported valid and chained", async () => {
    const { id } = await seedSignedDocument();
    expect(await sealDocument(getDb(), id)).toBe("sealed");
    const [row] = await getDb().select().from(documents).where(eq(documents.id, id));
    const sealed = new Uint8Array(await fileStorage().get(row!.sealedHash!));
    const original = await fileStorage().get(row!.originalHash);
    const token = Buffer.from((row!.constancy as { token: string }).token, "base64");
    const { json } = await verify({ file: file(sealed, "firmado.pdf"), constancy: file(token, "constancia.tsr") });
    expect(json.data).toMatchObject({ found: true, matched: "sealed", intact: true });
    expect(json.data.constancy).toMatchObject({ valid: true, covers: "earlier-revision", covered_bytes: original.byteLength, tsa: "RUBRICA TSA", problems: [] });
    expect(json.data.signatures.length).toBeGreaterThanOrEqual(2);
    for (const s of json.data.signatures) expect(s).toMatchObject({ integrity: "valid", trusted_type: "PLATFORM" });
  }, 120_000);

  it("conserves what was signed: a constancia over the sealed file's final bytes, its own file, named by the record from /xml, checked by openssl and by POST /v1/verify", async () => {
    const { owner, id } = await seedSignedDocument();
    expect(await sealDocument(getDb(), id)).toBe("sealed");
    const [row] = await getDb().select().from(documents).where(eq(documents.id, id));
    const sealed = new Uint8Array(await fileStorage().get(row!.sealedHash!));
    const headers = { "x-api-key": owner.key };
    const download = await call(getConstancy, `/v1/documents/${id}/constancy?of=signed-file`, { headers, params: { uuid: id } });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain("constancia-firmado.tsr");
    const tsr = Buffer.from(await download.arrayBuffer());

    // An independent verifier: openssl over the PDF's bytes, with the platform's chain.
    const { platform } = await signingEnvironment();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signed-file-constancy-"));
    fs.writeFileSync(path.join(dir, "c.tsr"), tsr);
    fs.writeFileSync(path.join(dir, "doc.pdf"), sealed);
    fs.writeFileSync(path.join(dir, "ca.pem"), `${platform.root.certificate.toString("pem")}\n${platform.issuing.certificate.toString("pem")}\n`);
    fs.writeFileSync(path.join(dir, "tsa.pem"), platform.tsa.certificate.toString("pem"));
    const openssl = spawnSync("openssl", ["ts", "-verify", "-in", path.join(dir, "c.tsr"), "-data", path.join(dir, "doc.pdf"), "-CAfile", path.join(dir, "ca.pem"), "-untrusted", path.join(dir, "tsa.pem")], { encoding: "utf8" });
    expect(openssl.stdout + openssl.stderr).toContain("Verification: OK");

    const { json } = await verify({ file: file(sealed, "firmado.pdf"), constancy: file(tsr, "c.tsr") });
    expect(json.data.constancy).toMatchObject({ valid: true, covers: "file", covered_bytes: sealed.byteLength, imprint: row!.sealedHash!.toLowerCase() });

    const xml = await (await call(getXml, `/v1/documents/${id}/xml`, { headers, params: { uuid: id } })).text();
    expect(xml).toMatch(new RegExp(`<signedFileConstancy sha256="${row!.sealedHash}"`));
    fs.rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  it("reports the signatures of a PDF this installation never saw", async () => {
    const bytes = fs.readFileSync(path.join(REALWORLD_PDFS, "pyhanko_minimal-signed-twice-both-created.pdf"));
    const { json } = await verify({ file: file(bytes, "pyhanko.pdf") });
    expect(json.data).toMatchObject({ found: false });
    expect(json.data.signatures.map((s: Json) => [s.integrity, s.signer.name, s.trusted_type])).toEqual([
      ["valid", "Lord Testerino", null],
      ["valid", "Lord Testerino", null],
    ]);
  });
});
