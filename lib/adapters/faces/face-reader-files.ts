import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FaceReaderFile } from "@/lib/schemas/face-reader-files";
import { resolvePackageFile } from "@/lib/adapters/node-packages";

/**
 * The verification page's face reader files, read from the npm packages where they ship. The
 * .wasm must be the build of the TensorFlow version bundled in human.esm.js (its glue code loads
 * it): face-reader-files.test.ts checks the installed @tensorflow/tfjs-backend-wasm against it.
 */
let version: string | undefined;
export function humanVersion(): string {
  version ??= (JSON.parse(readFileSync(path.join(humanDist(), "..", "package.json"), "utf8")) as { version: string }).version;
  return version;
}

export async function readFaceReaderFile(name: FaceReaderFile): Promise<{ bytes: Buffer; contentType: string }> {
  const file = name.endsWith(".wasm") ? path.join(wasmDist(), name) : path.join(humanDist(), "..", "models", name);
  // application/wasm lets the browser compile while it downloads (WebAssembly.instantiateStreaming).
  const contentType = name.endsWith(".wasm") ? "application/wasm" : name.endsWith(".json") ? "application/json" : "application/octet-stream";
  return { bytes: await readFile(file), contentType };
}

// Human's exports map has no "./package.json": its main file (in dist/) is resolved instead.
export const humanDist = () => path.dirname(resolvePackageFile("@vladmandic/human"));
export const wasmDist = () => path.join(path.dirname(resolvePackageFile("@tensorflow/tfjs-backend-wasm/package.json")), "dist");
