import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { documents } from "@/lib/db/schema";
import { checkTimestamp } from "@/lib/crypto/timestamp-check";
import { resetEnvCache } from "@/lib/env";
import { seedDocumentToSign, signAllSignatories } from "@/test/factories/signing";
import { startTestPsc, PSC_POLICY } from "@/test/psc-server";
import { eq } from "drizzle-orm";
import { sealDocument } from "./seal-document";

// TSA_URL pointing at a PSC shaped like the accredited ones (no timeStamping EKU, negative
// serials, no nonce echoed): its constancy is checked against TSA_ROOTS before it is kept.

let psc: Awaited<ReturnType<typeof startTestPsc>>;
let stranger: Awaited<ReturnType<typeof startTestPsc>>;
let dir: string;
const saved = { TSA_URL: process.env.TSA_URL, TSA_ROOTS: process.env.TSA_ROOTS };

beforeAll(async () => {
  psc = await startTestPsc();
  stranger = await startTestPsc({ rootName: "RAIZ QUE NADIE CONFIGURO", pscName: "PSC AJENO" });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "psc-roots-"));
  fs.writeFileSync(path.join(dir, "roots.pem"), psc.root.certificate.toString("pem"));
});
afterEach(() => {
  for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k];
  else process.env[k] = v;
  resetEnvCache();
});
afterAll(async () => {
  await psc.stop();
  await stranger.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

function usePsc(url: string) {
  process.env.TSA_URL = url;
  process.env.TSA_ROOTS = path.join(dir, "roots.pem");
  resetEnvCache();
}

describe("sealing with an external NOM-151 PSC", () => {
  it("keeps the PSC's constancy (no EKU, negative serial) and it verifies against the PSC's root", async () => {
    const { id, hash } = await seedDocumentToSign();
    usePsc(psc.url);
    await signAllSignatories(id);
    expect(await sealDocument(getDb(), id)).toBe("sealed");
    const [row] = await getDb().select().from(documents).where(eq(documents.id, id));
    const constancy = row!.constancy as { token: string; attributes: { serial_number: string } };
    expect(constancy.attributes.serial_number).toMatch(/^-[0-9A-F]+$/);
    const check = await checkTimestamp({ der: Buffer.from(constancy.token, "base64"), imprint: Buffer.from(hash, "hex"), roots: [psc.root.certificate] });
    expect(check).toMatchObject({ valid: true, policy: PSC_POLICY, tsa: "PSC NOM151 DE PRUEBAS" });
    expect(psc.requests.length).toBeGreaterThan(0);
  }, 120_000);

  it("refuses the answer of a PSC that does not chain to a configured root: nothing is sealed", async () => {
    const { id } = await seedDocumentToSign();
    await signAllSignatories(id);
    usePsc(stranger.url);
    await expect(sealDocument(getDb(), id)).rejects.toThrow(/not kept: untrusted/);
    const [row] = await getDb().select().from(documents).where(eq(documents.id, id));
    expect(row!.sealedHash).toBeNull();
    expect(row!.constancy).toBeNull();
    expect(stranger.requests.length).toBeGreaterThan(0);
  }, 120_000);
});
