import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FACE_READER_FILES } from "@/lib/schemas/face-reader-files";
import { humanDist, humanVersion, readFaceReaderFile, wasmDist } from "./face-reader-files";

describe("the verification page's face reader files", () => {
  it("are all in the installed packages, with the type the browser needs", async () => {
    for (const name of FACE_READER_FILES) {
      const file = await readFaceReaderFile(name);
      expect(file.bytes.byteLength, name).toBeGreaterThan(1000);
      if (name.endsWith(".wasm")) expect(file.contentType).toBe("application/wasm");
    }
    expect(humanVersion()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("serve the .wasm of the TensorFlow version bundled in human.esm.js, which loads it", () => {
    const bundled = readFileSync(path.join(humanDist(), "tfjs.version.js"), "utf8").match(/"tfjs-backend-wasm":(\w)/)![1]!;
    const bundledVersion = readFileSync(path.join(humanDist(), "tfjs.version.js"), "utf8").match(new RegExp(`var ${bundled}="([^"]+)"`))![1];
    const installed = (JSON.parse(readFileSync(path.join(wasmDist(), "..", "package.json"), "utf8")) as { version: string }).version;
    expect(installed).toBe(bundledVersion);
  });
});
