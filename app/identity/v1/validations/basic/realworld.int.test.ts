import fs from "node:fs";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { renderIneBack, renderIneFront } from "@/lib/adapters/ine/sandbox-cards";
import { SANDBOX_FACES, cardPhoto, selfie } from "@/lib/adapters/ine/sandbox-faces";
import { sandboxVoterRoll, SANDBOX_VOTERS } from "@/lib/adapters/ine/sandbox-voters";
import { closeMrzReader, tesseractMrzReader } from "@/lib/adapters/ocr/mrz-reader";
import { fileStorage } from "@/lib/adapters/storage/storage";
import { processIneValidation } from "@/lib/services/validations/process-ine-validation";
import { seedUserWithKey } from "@/test/factories/seed";
import { call } from "@/test/http";
import { GET } from "./[uuid]/route";
import { POST } from "./route";

// The two captured answers of the identity service our API is compatible with (every personal
// value masked), read in place: each must validate against the schema our OpenAPI document gives
// for this operation's answer, and the field paths they hold (what a client of that service can
// read) are replayed against our own answer for the sandbox card.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const DIR = path.resolve(process.cwd(), "../shared/realworld/verificamex");
const realAnswers = fs
  .readdirSync(DIR)
  .filter((f) => f.endsWith(".json"))
  .map((f) => ({ name: f, json: JSON.parse(fs.readFileSync(path.join(DIR, f), "utf8")) as Json }));

/** Every leaf's path, array positions folded to [] (a client reads "each entry's key"). */
function leafPaths(value: unknown, at = ""): string[] {
  if (Array.isArray(value)) return value.length ? value.flatMap((v) => leafPaths(v, `${at}[]`)) : [at];
  if (value && typeof value === "object") {
    const entries = Object.entries(value);
    return entries.length ? entries.flatMap(([k, v]) => leafPaths(v, at ? `${at}.${k}` : k)) : [at];
  }
  return [at];
}

/** Does `p` (as leafPaths writes it) lead to a value, leaf or not, in `value`? */
function resolves(value: unknown, p: string): boolean {
  const steps = p.split(/\.(?![^[]*\])/).flatMap((s) => s.split(/(?=\[\])/));
  let here: unknown[] = [value];
  for (const step of steps) {
    here = step === "[]" ? here.flatMap((v) => (Array.isArray(v) ? v : [])) : here.flatMap((v) => (v && typeof v === "object" && !Array.isArray(v) && step in v ? [(v as Json)[step]] : []));
    if (!here.length) return false;
  }
  return true;
}

const realPaths = [...new Set(realAnswers.flatMap((a) => leafPaths(a.json)))].sort();

// What the service sends that we do not: the images echoed back and the voter roll's PDF (we do
// not echo what the caller sent, nor invent a PDF), the voter-roll districts and the birth record
// (our registries do not hold them), "reporte" (undocumented, empty in the capture), the barcode
// reading (we read the MRZ, not the PDF417) and the service's numbered input-field names.
const NOT_OURS = [
  /^data\.images\./,
  /^data\.ineNominalList\.pdf$/,
  /^data\.ineNominalList\.data\.(Distrito Federal|Distrito Local)$/,
  /^data\.renapo\.registros\[\]\.(docProbatorio|docProbatorioDesc|datosDocProbatorio\..*|parametro)$/,
  /^data\.reporte$/,
];

// The paths the issue lists as read by real clients of the full INE validation.
const CLIENT_PATHS = [
  "data.status",
  "data.message",
  ...["type", "subtype", "issue_country", "doc_number", "check_sum", "first_optional", "date_birth", "birth_check", "sex", "expiration_date", "nacionality", "second_optional", "check_digit", "last_name", "last_name2", "first_name", "first_name2"].map((f) => `data.dataOcr.${f}`),
  ...["type", "name", "value", "source"].map((f) => `data.documentInformation.documentData[].${f}`),
  ...["key", "name", "category", "result", "output"].map((f) => `data.documentInformation.documentVerifications[].${f}`),
  "data.faceComparison.result",
  "data.faceComparison.similarity",
  "data.ineNominalList.status",
  "data.ineNominalList.message",
  "data.ineNominalList.data",
  "data.renapo.codigo",
  "data.renapo.status",
  "data.renapo.mensaje",
  "data.renapo.registros[].curp",
  "meta.include",
  "meta.custom",
];

function openApiValidator() {
  const doc = JSON.parse(fs.readFileSync(path.resolve(process.cwd(), "openapi.json"), "utf8")) as Json;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ ...doc, $id: "https://rubrica.local/openapi.json" });
  const ref = doc.paths["/identity/v1/validations/basic"].post.responses["200"].content["application/json"].schema.$ref as string;
  return ajv.getSchema(`https://rubrica.local/openapi.json${ref}`)!;
}

describe("the identity service's real answers against our OpenAPI and our answers", () => {
  const maria = SANDBOX_VOTERS[0]!;
  let ours: Json;
  let queued: Json;
  beforeAll(async () => {
    const { key } = await seedUserWithKey();
    const images = {
      ine_front: `data:image/jpeg;base64,${(await renderIneFront(maria, { photo: await cardPhoto(SANDBOX_FACES[0]!) })).toString("base64")}`,
      ine_back: (await renderIneBack(maria)).toString("base64"),
    };
    const post = (body: object, headers: Record<string, string> = {}) =>
      call(POST, "/identity/v1/validations/basic", { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
    ours = (await (await post({ ...images, selfie: (await selfie(SANDBOX_FACES[0]!)).toString("base64"), model: "D" })).json()) as Json;
    // The queued way, as operation 10 answers it afterwards.
    const { uuid } = (await (await post(images, { prefer: "respond-async" })).json()) as Json;
    await processIneValidation(getDb(), uuid, { voterRoll: sandboxVoterRoll({ latencyMs: 0 }), mrzReader: tesseractMrzReader, storage: fileStorage(), now: () => new Date() });
    queued = ((await (await call(GET, `/identity/v1/validations/basic/${uuid}`, { headers: { authorization: `Bearer ${key}` }, params: { uuid } })).json()) as Json).result;
  }, 180_000);
  afterAll(() => closeMrzReader());

  it("finds both captured answers", () => {
    expect(realAnswers.length).toBe(2);
    expect(realPaths.length).toBeGreaterThan(50);
  });

  it.each(realAnswers)("$name validates against our OpenAPI schema of the answer", ({ json }) => {
    const validate = openApiValidator();
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
  });

  it("our synchronous answer validates against the same schema", () => {
    const validate = openApiValidator();
    expect(validate(ours), JSON.stringify(validate.errors)).toBe(true);
    expect(ours.data.status).toBe(true);
  });

  it("every path the issue lists as read by clients resolves in our answer", () => {
    expect(CLIENT_PATHS.filter((p) => !resolves(ours, p))).toEqual([]);
  });

  it("every path of the real answers resolves in ours, except what we document as not ours", () => {
    const missing = realPaths.filter((p) => !resolves(ours, p));
    const unexplained = missing.filter((p) => !NOT_OURS.some((re) => re.test(p)));
    const queuedMissing = realPaths.filter((p) => !resolves(queued, p));
    console.info(
      `Real answers' field paths: ${realPaths.length}; resolving in our synchronous answer: ${realPaths.length - missing.length}; in the queued answer: ${realPaths.length - queuedMissing.length}; issue's client paths resolving: ${CLIENT_PATHS.filter((p) => resolves(ours, p)).length}/${CLIENT_PATHS.length} (queued: ${CLIENT_PATHS.filter((p) => resolves(queued, p)).length}). Not ours: ${missing.join(", ")}`,
    );
    expect(unexplained).toEqual([]);
  });
});
