import crypto from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { signatories } from "@/lib/db/schema";
import { openApiDocument } from "@/lib/openapi/document";
import { createTemplateInput } from "@/lib/schemas/templates";
import { createApiKey } from "@/lib/services/api-keys/create-api-key";
import { createTemplate } from "@/lib/services/templates/create-template";
import { startSession } from "@/lib/services/users/user-sessions";
import { defaultFolderId, makePdf, seedDocument } from "@/test/factories/documents";
import { seedUserWithKey } from "@/test/factories/seed";
import { deepXml } from "@/test/hostile-bodies";
import { signatureGapPdf } from "@/test/hostile-pdfs";

// Every operation /openapi.json publishes, called through its route handler (as Next calls it)
// with boundary and hostile bodies, path parameters, query strings and headers, with a valid
// credential and without. No answer may be a 500, and every 4xx must carry the error body of
// the API ({ message, errors? }). Malformed percent-encoding in the URL itself never reaches a
// handler: server.ts refuses it first (lib/http/malformed-path.ts); here the handler gets what
// Next would hand it after decoding, hostile or not.

// The dashboard cookie: Auth.js's session lookup is replaced by the seeded user, as in
// app/api/dashboard/cross-site.int.test.ts, so cookie routes are reached past authentication.
const session = vi.hoisted(() => ({ userId: "", sessionId: "" }));
vi.mock("@/lib/auth", () => ({ auth: async () => ({ user: { id: session.userId }, sessionId: session.sessionId }) }));

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Operation = { method: string; path: string; params: string[]; query: string[]; hasBody: boolean; cookie: boolean; handler: Handler };

const BASE = "http://localhost:3000";
const METHODS = ["get", "post", "put", "patch", "delete"];

async function operations(): Promise<Operation[]> {
  const doc = openApiDocument() as { paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }>; requestBody?: unknown; security?: Array<Record<string, unknown>> }>> };
  const found: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    // The file of the route: /v1/documents/{uuid} -> app/v1/documents/[uuid]/route.ts
    const file = `@/app${path.replace(/\{(\w+)\}/g, "[$1]")}/route`;
    const mod = (await import(/* @vite-ignore */ file)) as Record<string, Handler>;
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const handler = mod[method.toUpperCase()];
      if (!handler) throw new Error(`${method.toUpperCase()} ${path} is published but ${file} does not export it`);
      found.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name),
        query: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
        hasBody: method !== "get",
        cookie: (op.security ?? []).some((s) => "sessionCookie" in s),
        handler,
      });
    }
  }
  // Cancelling the document and revoking keys last: the other operations get the live ones.
  return found.sort((a, b) => Number(a.method === "DELETE") - Number(b.method === "DELETE"));
}

// Path parameters as a handler may receive them.
const HOSTILE_PARAMS = ["%ZZ", "a".repeat(10_000), "a\0b", "ñandú-😀-\u202e", "..", "../../../etc/passwd", "", "99999999999999999999999", "00000000-0000-0000-0000-000000000000"];
const HOSTILE_QUERY = ["", "-1", "1e309", "a".repeat(10_000), "\0", "%ZZ"];

function fileForm(bytes: Uint8Array, name: string): FormData {
  const form = new FormData();
  form.set("file", new File([bytes as BlobPart], name));
  return form;
}

/** Bodies with what they are labelled as: boundaries of JSON, hostile values, wrong labels. */
const JSON_TYPE = "application/json";
const BODIES: Array<[string, BodyInit, string | null]> = [
  ["empty", "", JSON_TYPE],
  ["null", "null", JSON_TYPE],
  ["array", "[]", JSON_TYPE],
  ["string", '"x"', JSON_TYPE],
  ["truncated", '{"a":', JSON_TYPE],
  ["not JSON", "{'a': 1}", JSON_TYPE],
  ["NUL in a value", '{"name":"a\\u0000b","file_name":"a\\u0000.pdf","reason":"\\u0000","url":"\\u0000"}', JSON_TYPE],
  ["lone surrogate", '{"name":"\\ud800","reason":"\\udfff"}', JSON_TYPE],
  ["deep nesting", "[".repeat(5000) + "]".repeat(5000), JSON_TYPE],
  ["huge number", '{"page":1e400,"size":-1e400,"position":1e400}', JSON_TYPE],
  ["prototype keys", '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}', JSON_TYPE],
  ["wrong types", '{"name":[],"email":{},"file_name":1,"signatures":"x","url":true,"validations":{"a":1},"reason":[1],"certificate":1,"events":"all","file":1}', JSON_TYPE],
  ["long strings", JSON.stringify({ name: "ñ".repeat(100_000), email: `${"a".repeat(70_000)}@example.com`, url: `https://example.com/${"a".repeat(70_000)}`, reason: "x".repeat(100_000) }), JSON_TYPE],
  ["many keys", JSON.stringify(Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i]))), JSON_TYPE],
  ["empty signatures", '{"file_name":"a.pdf","file":"","signatures":[],"spectators":[]}', JSON_TYPE],
  ["bad base64 file", '{"file_name":"a.pdf","file":"%%%not base64%%%","signatures":[{"name":"A","email":"a@example.com"}]}', JSON_TYPE],
  ["labelled HTML", "<html></html>", "text/html"],
  ["labelled PNG", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), "image/png"],
  ["multipart without boundary", "--x\r\n\r\n", "multipart/form-data"],
  ["broken multipart", "--x\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.pdf\"\r\n\r\n%PDF-1.7 broken", "multipart/form-data; boundary=x"],
  ["empty multipart", "--x--\r\n", "multipart/form-data; boundary=x"],
  ["UTF-16 JSON", Buffer.from('{"name":"a"}', "utf16le"), "application/json; charset=utf-16"],
  ["no label", '{"name":"a"}', null],
  // A bulk send's rows (the fuzz's template has the role «firmante»): control characters in a cell.
  ["CSV with NUL in a name", "firmante.nombre,firmante.email\nAna\u0000Núñez,ana@example.com", "text/csv"],
  ["CSV with BEL in a name", "firmante.nombre,firmante.email\nAna\u0007Núñez,ana@example.com", "text/csv"],
  ["CSV with NUL in the header", "firmante.nombre\u0000,firmante.email\nAna,ana@example.com", "text/csv"],
  ["JSON lines with NUL in a name", '{"roles":{"firmante":{"name":"Ana\\u0000","email":"ana@example.com"}}}', "application/x-ndjson"],
  // Issue 63's files, as the `file` part of a multipart form (its type and boundary set by fetch).
  ["multipart XML 200,000 elements deep", fileForm(deepXml(200_000), "record.xml"), null],
  ["multipart PDF with 20 ByteRanges over one gap", fileForm(signatureGapPdf({ ranges: 20, gapBytes: 600_000 }), "ranges.pdf"), null],
  ["multipart PDF with a /Contents past its limit", fileForm(signatureGapPdf({ ranges: 1, gapBytes: 1_200_000 }), "gap.pdf"), null],
];

/** Credentials: none, a valid one, and broken Authorization headers (one of them huge). */
function credentials(key: string, cookie: boolean): Array<[string, Record<string, string>]> {
  const valid: Record<string, string> = cookie ? { cookie: "authjs.session-token=signed-in", origin: BASE, host: "localhost:3000" } : { "x-api-key": key };
  return [
    ["valid", valid],
    ["none", {}],
    ["Bearer without token", { authorization: "Bearer" }],
    ["Basic", { authorization: "Basic YTpi" }],
    ["huge Bearer", { authorization: `Bearer ${"a".repeat(64_000)}` }],
    ["Latin-1 Bearer", { authorization: "Bearer ñ\u00ff" }],
    ["bad cookie", { cookie: `authjs.session-token=${"x".repeat(8000)}; other=%ZZ`, origin: "null" }],
  ];
}

type Outcome = { what: string; status: number; problem: string | null };

async function send(op: Operation, what: string, params: Record<string, string>, query: string, init: RequestInit): Promise<Outcome> {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? "x"));
  const url = `${BASE}${path}${query}`;
  let res: Response;
  try {
    res = await op.handler(new Request(url, { method: op.method, ...init }), { params: Promise.resolve(params) });
  } catch (err) {
    return { what, status: 599, problem: `threw ${String(err)}` };
  }
  if (res.status >= 500) return { what, status: res.status, problem: (await res.text()).slice(0, 300) };
  if (res.status >= 400) {
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return { what, status: res.status, problem: `not JSON: ${text.slice(0, 200)}` };
    }
    const b = body as { message?: unknown; errors?: unknown };
    const errorsOk = b.errors === undefined || (typeof b.errors === "object" && b.errors !== null && Object.values(b.errors).every((v) => Array.isArray(v) && v.every((m) => typeof m === "string")));
    if (typeof b.message !== "string" || !b.message || !errorsOk) return { what, status: res.status, problem: `not the error shape: ${text.slice(0, 200)}` };
  } else {
    await res.arrayBuffer();
  }
  return { what, status: res.status, problem: null };
}

describe("every operation of /openapi.json under hostile input", async () => {
  const ops = await operations();
  let key = "";
  let real: Record<string, string> = {};

  beforeAll(async () => {
    // Dozens of calls per endpoint on one key: past the identity API's 30 a minute they would be
    // answered 429 before the handlers saw them (api-rate-limit.int.test.ts tests the limit).
    process.env.IDENTITY_API_PER_MINUTE = "100000";
    resetEnvCache();
    const owner = await seedUserWithKey();
    session.userId = owner.user.id;
    // A cookie names a live server-side session (app/actions/sessions.int.test.ts).
    session.sessionId = await startSession(getDb(), owner.user.id);
    key = owner.key;
    const documentId = await seedDocument(owner.actor);
    const [signer] = await getDb().select().from(signatories).where(eq(signatories.documentId, documentId)).orderBy(asc(signatories.position));
    // Real identifiers where the path names them, so hostile bodies get past the lookups.
    const spare = await createApiKey(getDb(), owner.actor, { name: "to revoke" });
    // A real template for /v1/templates/{id}/…, so a bulk send's rows get past the lookup.
    const template = await createTemplate(getDb(), owner.actor, createTemplateInput.parse({ name: "Fuzz", roles: [{ key: "firmante", label: "Firmante" }] }), { bytes: await makePdf(1), name: "fuzz.pdf" });
    real = { template, uuid: documentId, signatureId: signer!.id, userId: owner.user.id, id: spare.apiKey.id, token: crypto.randomBytes(16).toString("hex"), kind: "ine_front", version: "1", file: "model.json", folder: await defaultFolderId(owner.actor) };
  });

  it("publishes the operations the attack pass covered", () => {
    expect(ops.length).toBeGreaterThanOrEqual(50);
  });

  it.each(ops.map((op) => [`${op.method} ${op.path}`, op] as const))("%s: no 5xx, every 4xx in the error shape", async (_, op) => {
    const planned: Array<() => Promise<Outcome>> = [];
    const creds = credentials(key, op.cookie);
    const valid = creds[0]![1];
    const realParams = Object.fromEntries(op.params.map((p) => [p, op.path.startsWith("/v1/containers") || op.path.startsWith("/v1/companies") ? real.folder! : op.path.startsWith("/v1/templates/{id}") ? real.template! : (real[p] ?? "x")]));

    // Hostile path parameters, one parameter at a time, with a valid credential.
    for (const name of op.params) {
      for (const value of HOSTILE_PARAMS) {
        const params = { ...realParams, [name]: value };
        planned.push(() => send(op, `path ${name}=${JSON.stringify(value.slice(0, 20))}`, params, "", { headers: valid }));
      }
    }
    // Hostile query values.
    for (const name of op.query) {
      for (const value of HOSTILE_QUERY) {
        planned.push(() => send(op, `query ${name}=${JSON.stringify(value.slice(0, 20))}`, realParams, `?${encodeURIComponent(name)}=${encodeURIComponent(value)}`, { headers: valid }));
      }
    }
    planned.push(() => send(op, "query repeated and odd", realParams, "?page=1&page=2&hash=%00&&=&a[b]=c", { headers: valid }));
    // Bodies, with a valid credential.
    if (op.hasBody) {
      for (const [what, body, type] of BODIES) {
        planned.push(() => send(op, `body ${what}`, realParams, "", { headers: { ...valid, ...(type ? { "content-type": type } : {}) }, body }));
      }
    }
    // Credentials, broken and absent, with a small body; and odd headers.
    for (const [what, headers] of creds.slice(1)) {
      planned.push(() => send(op, `auth ${what}`, realParams, "", { headers: { ...headers, "content-type": JSON_TYPE }, ...(op.hasBody ? { body: "{}" } : {}) }));
    }
    const odd: Array<[string, Record<string, string>]> = [
      ["huge header", { ...valid, "x-filler": "a".repeat(100_000) }],
      ["odd request id", { ...valid, "x-request-id": "../\u00ff".repeat(100) }],
      ["forwarded garbage", { ...valid, "x-forwarded-for": "not-an-ip, ::zz, 999.1.1.1", "x-real-ip": "\u00ff", "x-forwarded-host": "evil.example" }],
      ["accept-language garbage", { ...valid, "accept-language": "*;q=zz,\u00f1-\u00ff" }],
    ];
    for (const [what, headers] of odd) {
      planned.push(() => send(op, what, realParams, "", { headers: { ...headers, "content-type": JSON_TYPE }, ...(op.hasBody ? { body: "{}" } : {}) }));
    }

    // Four at a time: database round trips overlap, and the run stays within its time.
    const outcomes: Outcome[] = [];
    for (let i = 0; i < planned.length; i += 4) outcomes.push(...(await Promise.all(planned.slice(i, i + 4).map((run) => run()))));
    if (process.env.FUZZ_DEBUG) console.log(op.method, op.path, JSON.stringify(outcomes.reduce<Record<number, number>>((n, o) => ({ ...n, [o.status]: (n[o.status] ?? 0) + 1 }), {})));
    const problems = outcomes.filter((o) => o.problem);
    expect(problems, `${op.method} ${op.path}`).toEqual([]);
    // Not stuck at the door: the valid credential got past authentication.
    expect(outcomes.some((o) => o.status !== 401)).toBe(true);
  });
});
