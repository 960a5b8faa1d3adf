import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { documents } from "@/lib/db/schema";
import { sealDocument } from "@/lib/services/signing/seal-document";
import { seedDocument } from "@/test/factories/documents";
import { seedUserWithKey } from "@/test/factories/seed";
import { seedSignedDocument } from "@/test/factories/signing";
import { call } from "@/test/http";
import { GET } from "./route";

const constancy = (key: string, id: string) => call(GET, `/v1/documents/${id}/constancy`, { headers: { "x-api-key": key }, params: { uuid: id } });

/** What a 404 shows: status, headers a client could read something from, and body. */
async function notFoundAnswer(res: Response) {
  return { status: res.status, type: res.headers.get("content-type"), disposition: res.headers.get("content-disposition"), body: await res.json() };
}

describe("GET /v1/documents/{uuid}/constancy", () => {
  it("answers the sealed document's constancy as an RFC 3161 .tsr over the original hash", async () => {
    const { owner, id, hash } = await seedSignedDocument();
    expect(await sealDocument(getDb(), id)).toBe("sealed");
    const res = await constancy(owner.key, id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/timestamp-reply");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="Contrato Nandu-constancia.tsr"; filename*=UTF-8''Contrato%20%C3%91and%C3%BA-constancia.tsr`);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes[0]).toBe(0x30); // a DER SEQUENCE (TimeStampResp), not JSON

    // The reply carries the token the document row holds, granted, over the original PDF's SHA-256.
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "constancy-")), "constancy.tsr");
    fs.writeFileSync(file, bytes);
    const reply = spawnSync("openssl", ["ts", "-reply", "-in", file, "-text"], { encoding: "utf8" });
    expect(reply.status).toBe(0);
    expect(reply.stdout).toMatch(/Status: Granted\./);
    expect(reply.stdout).toContain("Hash Algorithm: sha256");
    const imprint = /Message data:\n([\s\S]*?)\nSerial number: 0x([0-9A-F]+)/.exec(reply.stdout)!;
    const imprintHex = [...imprint[1]!.matchAll(/ - ((?:[0-9a-f]{2}[ -]){0,15}[0-9a-f]{2})/g)].map((m) => m[1]!.replace(/[ -]/g, "")).join("");
    expect(imprintHex.toUpperCase()).toBe(hash);
    const [row] = await getDb().select({ constancy: documents.constancy }).from(documents).where(eq(documents.id, id));
    expect(BigInt(`0x${imprint[2]}`)).toBe(BigInt(`0x${(row!.constancy as { id: string }).id}`));
  }, 60_000);

  it("answers 409 with a message while the document is in process, and while signed by everyone but not yet sealed", async () => {
    const { key, actor } = await seedUserWithKey();
    const inProcess = await seedDocument(actor);
    const signed = await seedSignedDocument();
    for (const [k, id] of [[key, inProcess], [signed.owner.key, signed.id]] as const) {
      const res = await constancy(k, id);
      expect(res.status).toBe(409);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(res.headers.get("content-disposition")).toBeNull();
      expect(await res.json()).toEqual({ message: "The constancy exists once every signer has signed and the document is sealed." });
    }
  }, 60_000);

  it("answers another user's sealed document exactly as an unknown id: 404, nothing leaked", async () => {
    const { id } = await seedSignedDocument();
    await sealDocument(getDb(), id);
    const stranger = await seedUserWithKey();
    const unknown = await notFoundAnswer(await constancy(stranger.key, crypto.randomUUID()));
    expect(unknown).toEqual({ status: 404, type: expect.stringMatching(/^application\/json/), disposition: null, body: { message: "Document not found." } });
    expect(await notFoundAnswer(await constancy(stranger.key, id))).toEqual(unknown);
    // An unsealed foreign document answers the same, not the 409 that would tell it exists.
    const owner = await seedUserWithKey();
    expect(await notFoundAnswer(await constancy(stranger.key, await seedDocument(owner.actor)))).toEqual(unknown);
  }, 60_000);
});
