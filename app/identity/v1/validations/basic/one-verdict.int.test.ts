import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { sandboxIdentityFiles, type SandboxIdentityFile } from "@/lib/adapters/ine/sandbox-identity";
import { sandboxVoterRoll } from "@/lib/adapters/ine/sandbox-voters";
import { closeMrzReader, tesseractMrzReader } from "@/lib/adapters/ocr/mrz-reader";
import { fileStorage } from "@/lib/adapters/storage/storage";
import { startWorker } from "@/lib/jobs/worker";
import { processIneValidation } from "@/lib/services/validations/process-ine-validation";
import { seedUserWithKey } from "@/test/factories/seed";
import { call } from "@/test/http";
import { verifyWebhook, waitFor, receiverForWorkerTests } from "@/test/webhook-receiver";
import { GET } from "./[uuid]/route";
import { POST } from "./route";

// Issue 26: `data.status` of the full INE validation is true only when every check made on the
// request agrees, and `message` names the first that did not. The photos are the README's
// sandbox files (`npm run cli -- sandbox:identity --person N`) and INE's own specimen front.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const BASE = "/identity/v1/validations/basic";
const SPECIMEN_FRONT = path.resolve(process.cwd(), "../shared/realworld/ine/mateodelat+velpaNew__INE-Frente.png");

const b64 = (bytes: Buffer) => bytes.toString("base64");
const failing = (json: Json) => (json.data.documentInformation.documentVerifications as Json[]).filter((v) => v.result === "Error").map((v) => v.key as string);

async function validate(key: string, body: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await call(POST, BASE, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  expect(res.status).toBeLessThan(300);
  return (await res.json()) as Json;
}

describe("the full INE validation's one verdict", () => {
  let one: Map<string, SandboxIdentityFile>;
  let two: Map<string, SandboxIdentityFile>;
  const file = (set: Map<string, SandboxIdentityFile>, name: string) => b64(set.get(name)!.bytes);
  beforeAll(async () => {
    one = new Map((await sandboxIdentityFiles(1)).map((f) => [f.name, f]));
    two = new Map((await sandboxIdentityFiles(2)).map((f) => [f.name, f]));
  });
  afterAll(() => closeMrzReader());

  it("is true for person 1's own front and back, with every check Ok (RENAPO included)", async () => {
    const { key } = await seedUserWithKey();
    const json = await validate(key, { ine_front: file(one, "ine-front.jpg"), ine_back: file(one, "ine-back.jpg") });
    expect(json.data).toMatchObject({ status: true, message: "La credencial es válida" });
    expect(failing(json)).toEqual([]);
    const keys = (json.data.documentInformation.documentVerifications as Json[]).map((v) => v.key);
    expect(keys).toEqual(expect.arrayContaining(["DataIntegrity_ft_Surname_And_Given_Names", "DataIntegrity_ft_Sex", "DataIntegrity_ft_Date_of_Birth", "DataIntegrity_ft_Date_of_Expiry", "MEX_Renapo_Curp", "MEX_Renapo_Data"]));
  }, 120_000);

  it("is false, front and back not of one card, for INE's specimen front (another person) with person 1's back", async () => {
    const { key } = await seedUserWithKey();
    const json = await validate(key, { ine_front: b64(fs.readFileSync(SPECIMEN_FRONT)), ine_back: file(one, "ine-back.jpg") });
    expect(json.data.status).toBe(false);
    expect(json.data.message).toMatch(/^El frente y el reverso no son de la misma credencial: no coinciden .*nombre/);
    expect(failing(json)).toEqual(expect.arrayContaining(["DataIntegrity_ft_Surname_And_Given_Names", "DataIntegrity_ft_Date_of_Birth"]));
    // The back alone is a current credential: the voter roll's own verdict still says so.
    expect(json.data.ineNominalList).toMatchObject({ status: true, estado: "VIGENTE" });
  }, 120_000);

  it("is false for another sandbox person's front with person 1's back", async () => {
    const { key } = await seedUserWithKey();
    const json = await validate(key, { ine_front: file(two, "ine-front.jpg"), ine_back: file(one, "ine-back.jpg") });
    expect(json.data.status).toBe(false);
    expect(json.data.message).toMatch(/^El frente y el reverso no son de la misma credencial/);
    expect(failing(json)).toContain("DataIntegrity_ft_Surname_And_Given_Names");
  }, 120_000);

  it("is false, the expiry disagreeing, for the expired front with person 1's back", async () => {
    const { key } = await seedUserWithKey();
    const json = await validate(key, { ine_front: file(one, "ine-front-expired.jpg"), ine_back: file(one, "ine-back.jpg") });
    expect(json.data).toMatchObject({ status: false, message: "El frente y el reverso no son de la misma credencial: no coincide vigencia." });
    expect(failing(json)).toEqual(["DataIntegrity_ft_Date_of_Expiry"]);
  }, 120_000);

  it("is false, CURP not in RENAPO, for the unknown-CURP front with person 1's back, and the check says Error", async () => {
    const { key } = await seedUserWithKey();
    const json = await validate(key, { ine_front: file(one, "ine-front-unknown-curp.jpg"), ine_back: file(one, "ine-back.jpg") });
    expect(json.data).toMatchObject({ status: false, message: "La CURP no está registrada en RENAPO." });
    expect(failing(json)).toEqual(["MEX_Renapo_Curp"]);
    expect(json.data.renapo).toMatchObject({ status: false, codigo: "02" });
  }, 120_000);

  it("is false, naming the fields not read, for a front the reader cannot read (a blank card-sized image)", async () => {
    const { key } = await seedUserWithKey();
    const sharp = (await import("sharp")).default;
    const blank = await sharp({ create: { width: 1000, height: 630, channels: 3, background: "#e8e4da" } }).jpeg().toBuffer();
    const json = await validate(key, { ine_front: b64(blank), ine_back: file(one, "ine-back.jpg") });
    expect(json.data.status).toBe(false);
    expect(json.data.message).toMatch(/^No pudimos leer en el frente de la credencial nombre, sexo, fecha de nacimiento, vigencia y CURP/);
    expect(failing(json)).toEqual(["MEX_VotingCard_Custom_FrontRead"]);
  }, 120_000);

  describe("queued, and its webhook", () => {
    const hooks = receiverForWorkerTests();

    it("says the same in the queued validation's result and its webhook", async () => {
      const { key, user } = await seedUserWithKey();
      await startWorker();
      const created = await validate(key, { ine_front: file(one, "ine-front-expired.jpg"), ine_back: file(one, "ine-back.jpg"), webhook: hooks.url() }, { prefer: "respond-async" });
      const got = await waitFor(() => hooks.received.find((r) => JSON.parse(r.body).uuid === created.uuid), 90_000);
      const body = verifyWebhook(user.webhookSecret, got) as Json;
      expect(body.status).toBe("completed");
      expect(body.result.data).toMatchObject({ status: false, message: "El frente y el reverso no son de la misma credencial: no coincide vigencia." });
      const shown = await call(GET, `${BASE}/${created.uuid}`, { headers: { authorization: `Bearer ${key}` }, params: { uuid: created.uuid } });
      expect(((await shown.json()) as Json).result).toEqual(body.result);
      // Already final: a second run changes nothing.
      expect(await processIneValidation(getDb(), created.uuid, { voterRoll: sandboxVoterRoll({ latencyMs: 0 }), mrzReader: tesseractMrzReader, storage: fileStorage(), now: () => new Date() })).toEqual({ kind: "already-final" });
    }, 150_000);
  });
});
