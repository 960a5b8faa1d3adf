import { describe, expect, it } from "vitest";
import { humanVersion } from "@/lib/adapters/faces/face-reader-files";
import { call } from "@/test/http";
import { GET } from "./route";

const get = (version: string, file: string) => call(GET, `/identity/verify/models/${version}/${file}`, { params: { version, file } });

describe("GET /identity/verify/models/{version}/{file}", () => {
  it("serves the whitelisted files of the installed version, cached for good", async () => {
    const version = humanVersion();
    const wasm = await get(version, "tfjs-backend-wasm-simd.wasm");
    expect(wasm.status).toBe(200);
    expect(wasm.headers.get("content-type")).toBe("application/wasm");
    expect(wasm.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(new Uint8Array(await wasm.arrayBuffer()).subarray(0, 4)).toEqual(new Uint8Array([0, 0x61, 0x73, 0x6d])); // "\0asm"
    const model = await get(version, "blazeface.json");
    expect(model.headers.get("content-type")).toBe("application/json");
    expect(((await model.json()) as { weightsManifest: { paths: string[] }[] }).weightsManifest[0]!.paths).toEqual(["blazeface.bin"]);
  });

  it("answers nothing else: another version is 404, another file (or a path) 422", async () => {
    expect((await get("0.0.1", "blazeface.json")).status).toBe(404);
    expect((await get(humanVersion(), "faceres.bin")).status).toBe(422);
    expect((await get(humanVersion(), "..%2Fpackage.json")).status).toBe(422);
    expect((await get("../..", "blazeface.json")).status).toBe(422);
  });
});
