import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { seedUserWithKey } from "@/test/factories/seed";
import { endlessBody, streamed } from "@/test/hostile-bodies";
import { call } from "@/test/http";
import { apiRoute } from "./api-route";

// A route built with the wrapper exactly as app/ routes are, to check the error contract.
const route = apiRoute(
  {
    auth: "apiKey",
    params: z.object({ id: z.uuid() }),
    query: z.object({ "pageable.size": z.coerce.number().int().min(1).optional() }),
    body: z.object({ validations: z.array(z.enum(["INE", "CURP"])), nested: z.object({ color: z.string().regex(/^#[0-9a-f]{6}$/i) }).optional() }),
  },
  async ({ body, params }) => {
    if (params.id === "00000000-0000-4000-8000-000000000409") throw new AppError("CONFLICT", "The document is completed.");
    if (params.id === "00000000-0000-4000-8000-000000000500") throw new Error("secret internals at /srv/app/lib/x.ts:12");
    return { ok: true, validations: body.validations };
  },
);

const ID = "00000000-0000-4000-8000-000000000001";

describe("apiRoute error contract", () => {
  it("authenticates before anything else: 401 even with a bad body", async () => {
    const res = await call(route, `/x/${ID}`, { method: "POST", body: "{not json", params: { id: ID } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Unauthorized" });
  });

  it("answers 422 with field paths for invalid data", async () => {
    const { key } = await seedUserWithKey();
    const res = await call(route, `/x/${ID}`, {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "application/json" },
      body: JSON.stringify({ validations: ["INE", "PASSPORT"], nested: { color: "red" } }),
      params: { id: ID },
    });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.message).toBe("The given data was invalid.");
    expect(Object.keys(body.errors).sort()).toEqual(["nested.color", "validations.1"]);
    expect(body.errors["validations.1"][0]).toEqual(expect.any(String));
  });

  it("validates path and query parameters with their names as keys", async () => {
    const { key } = await seedUserWithKey();
    const res = await call(route, `/x/not-a-uuid?pageable.size=0`, { method: "POST", headers: { "x-api-key": key }, body: "{}", params: { id: "not-a-uuid" } });
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors)).toEqual(["id"]);
    const res2 = await call(route, `/x/${ID}?pageable.size=0`, { method: "POST", headers: { "x-api-key": key }, body: '{"validations":[]}', params: { id: ID } });
    expect(Object.keys((await res2.json()).errors)).toEqual(["pageable.size"]);
  });

  it("answers 422 for a body that is not JSON and 415 for another media type", async () => {
    const { key } = await seedUserWithKey();
    const bad = await call(route, `/x/${ID}`, { method: "POST", headers: { "x-api-key": key, "content-type": "application/json" }, body: "{nope", params: { id: ID } });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors).toEqual({ body: ["The body is not valid JSON."] });
    const xml = await call(route, `/x/${ID}`, { method: "POST", headers: { "x-api-key": key, "content-type": "application/xml" }, body: "<a/>", params: { id: ID } });
    expect(xml.status).toBe(415);
    expect(await xml.json()).toEqual({ message: "Send the body as application/json." });
  });

  it("maps AppError codes to their status", async () => {
    const { key } = await seedUserWithKey();
    const id = "00000000-0000-4000-8000-000000000409";
    const res = await call(route, `/x/${id}`, { method: "POST", headers: { "x-api-key": key }, body: '{"validations":["INE"]}', params: { id } });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: "The document is completed." });
  });

  it("hides unexpected errors behind a 500 with the request id, no stack trace", async () => {
    const { key } = await seedUserWithKey();
    const id = "00000000-0000-4000-8000-000000000500";
    const res = await call(route, `/x/${id}`, { method: "POST", headers: { "x-api-key": key }, body: '{"validations":["INE"]}', params: { id } });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain("secret internals");
    expect(text).not.toContain(".ts:");
    const body = JSON.parse(text);
    expect(body).toEqual({ message: "Internal server error", request_id: res.headers.get("x-request-id") });
  });

  it("passes parsed data to the handler", async () => {
    const { key } = await seedUserWithKey();
    const res = await call(route, `/x/${ID}`, { method: "POST", headers: { authorization: `Bearer ${key}` }, body: '{"validations":["CURP"]}', params: { id: ID } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, validations: ["CURP"] });
  });

  it("stops a JSON body past 1 MB with 413 as it streams, chunked or declared", async () => {
    const { key } = await seedUserWithKey();
    const chunked = endlessBody(64 * 1024, 300 * 16, 0x20); // 300 MB of spaces if read to the end
    const res = await call(route, `/x/${ID}`, { ...streamed(chunked.stream, { headers: { "x-api-key": key } }), params: { id: ID } });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: "The request body is larger than 1 MB." });
    expect(chunked.pulled()).toBeLessThan(2 * 1024 * 1024);
    const declared = await call(route, `/x/${ID}`, { method: "POST", headers: { "x-api-key": key, "content-type": "application/json" }, body: JSON.stringify({ validations: ["INE"], pad: "x".repeat(1024 * 1024) }), params: { id: ID } });
    expect(declared.status).toBe(413);
  });

  it("refuses control characters (NUL and other C0 but tab, CR, LF) in body, query and path with 422 naming the field", async () => {
    const { key } = await seedUserWithKey();
    const headers = { "x-api-key": key, "content-type": "application/json" };
    const body = await call(route, `/x/${ID}`, { method: "POST", headers, body: JSON.stringify({ validations: ["INE"], nested: { color: "#ffffff\u0000" }, note: "a\u001bb" }), params: { id: ID } });
    expect(body.status).toBe(422);
    expect(await body.json()).toEqual({
      message: "The given data was invalid.",
      errors: { "nested.color": ["Must not contain control characters (such as NUL)."], note: ["Must not contain control characters (such as NUL)."] },
    });
    const query = await call(route, `/x/${ID}?pageable.size=1%00`, { method: "POST", headers, body: '{"validations":["INE"]}', params: { id: ID } });
    expect(query.status).toBe(422);
    expect(Object.keys((await query.json()).errors)).toEqual(["pageable.size"]);
    const path = await call(route, `/x/a%00`, { method: "POST", headers, body: '{"validations":["INE"]}', params: { id: "a\u0000" } });
    expect(path.status).toBe(422);
    expect(Object.keys((await path.json()).errors)).toEqual(["id"]);
    const key0 = await call(route, `/x/${ID}`, { method: "POST", headers, body: '{"validations":["INE"],"a\\u0000":1}', params: { id: ID } });
    expect((await key0.json()).errors).toEqual({ "a?": ["The field name must not contain control characters."] });
    const fine = await call(route, `/x/${ID}`, { method: "POST", headers, body: JSON.stringify({ validations: ["INE"], note: "línea 1\r\n\tlínea 2" }), params: { id: ID } });
    expect(fine.status).toBe(200);
  });

  it("logs bearer-id paths masked: the request line never carries a signing link or verification token", async () => {
    const info = vi.spyOn(logger(), "info");
    const signing = apiRoute({ auth: "none" }, async () => ({}));
    const id = "3f0c2a9e-5b7d-4c1e-9a8f-0123456789ab";
    try {
      await call(signing, `/v1/signatures/${id}/sign`, { method: "POST", params: { signatureId: id } });
      await call(signing, `/identity/verify/Qm9vdHN0cmFwLXRva2Vu/files/selfie`, { method: "POST" });
      const paths = info.mock.calls.map(([fields]) => (fields as unknown as { path: string }).path);
      expect(paths).toEqual(["/v1/signatures/3f0c…/sign", "/identity/verify/Qm9v…/files/selfie"]);
    } finally {
      info.mockRestore();
    }
  });

  it("logs a client that goes away mid-body as such: no level-50 error, no 500", async () => {
    const { key } = await seedUserWithKey();
    const error = vi.spyOn(logger(), "error");
    const info = vi.spyOn(logger(), "info");
    try {
      const controller = new AbortController();
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(c) {
          if (sent++ === 0) return c.enqueue(new TextEncoder().encode('{"validations":['));
          // The peer resets the connection: the request is aborted and its body stream fails.
          controller.abort();
          c.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
        },
      });
      const res = await call(route, `/x/${ID}`, { method: "POST", headers: { "x-api-key": key, "content-type": "application/json" }, body, duplex: "half", signal: controller.signal, params: { id: ID } } as RequestInit & { params: Record<string, string> });
      expect(res.status).toBe(499);
      expect(error).not.toHaveBeenCalled();
      const lines = info.mock.calls.map(([fields, message]) => ({ ...(fields as unknown as Record<string, unknown>), message }));
      expect(lines).toContainEqual(expect.objectContaining({ message: "client closed the request" }));
      expect(lines).toContainEqual(expect.objectContaining({ message: "request", status: 499 }));
    } finally {
      error.mockRestore();
      info.mockRestore();
    }
  });
});
