import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasMalformedPath, refuseMalformedPath } from "./malformed-path";

describe("malformed percent-encoding in the path", () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    // The launcher's order (server.ts): the guard, then Next's handler (here a stand-in).
    server = http.createServer((req, res) => {
      if (refuseMalformedPath(req, res)) return;
      res.end("handled");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers 400 with a JSON message before the handler for /v1/documents/%ZZ and the like", async () => {
    for (const path of ["/v1/documents/%ZZ", "/v1/documents/%E0%A4%A", "/v1/signatures/%/sign", "/identity/verify/%C3/files/selfie"]) {
      const res = await fetch(base + path, { method: path.endsWith("sign") ? "POST" : "GET", body: path.endsWith("sign") ? "{}" : undefined });
      expect(res.status, path).toBe(400);
      expect(res.headers.get("content-type")).toBe("application/json");
      expect(await res.json()).toEqual({ message: expect.stringMatching(/malformed percent-encoding/) });
    }
  });

  it("lets well-formed escapes, and malformed ones in the query string, through", async () => {
    for (const path of ["/v1/documents/%C3%B1", "/v1/verify?hash=%ZZ", "/docs"]) {
      const res = await fetch(base + path);
      expect(await res.text(), path).toBe("handled");
    }
    expect(hasMalformedPath("/a/%2F/b")).toBe(false);
  });
});
