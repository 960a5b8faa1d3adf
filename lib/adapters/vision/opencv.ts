import { createRequire } from "node:module";
import type cvModule from "@techstark/opencv-js";

/**
 * OpenCV's own WebAssembly build (@techstark/opencv-js: the official opencv.js from OpenCV's
 * build, packaged for npm with types; no install script, nothing fetched, ~13 MB). Loaded once
 * per process on first use (~0.3 s here). The module is Emscripten's: a thenable that resolves to
 * itself, which an `await` would chase for ever, so it is waited on through onRuntimeInitialized
 * and its `then` dropped before it is handed out; it is required, not imported, since an ESM
 * import of it hands back a namespace whose `then` export the same await would call. Emscripten's Node glue also hooks the process's
 * uncaughtException and unhandledRejection to abort the module: those hooks are taken off again,
 * so that an unrelated rejection elsewhere in the app neither kills OpenCV nor goes unlogged.
 */
export type Cv = typeof cvModule;

const KEY = Symbol.for("rubrica.opencv");
const store = globalThis as unknown as { [KEY]?: Promise<Cv> };

export function opencv(): Promise<Cv> {
  store[KEY] ??= (async () => {
    const before = { uncaughtException: process.listeners("uncaughtException"), unhandledRejection: process.listeners("unhandledRejection") };
    const loaded = createRequire(import.meta.url)("@techstark/opencv-js") as Cv & { Mat?: unknown; then?: unknown; onRuntimeInitialized?: () => void };
    for (const listener of process.listeners("uncaughtException")) if (!before.uncaughtException.includes(listener)) process.removeListener("uncaughtException", listener);
    for (const listener of process.listeners("unhandledRejection")) if (!before.unhandledRejection.includes(listener)) process.removeListener("unhandledRejection", listener);
    if (!loaded.Mat) await new Promise<void>((resolve) => (loaded.onRuntimeInitialized = resolve));
    delete loaded.then;
    return loaded as Cv;
  })();
  return store[KEY];
}

/** Frees OpenCV matrices (they live in WebAssembly memory, not the garbage-collected heap). */
export function free(...mats: { delete(): void }[]) {
  for (const m of mats) m.delete();
}
