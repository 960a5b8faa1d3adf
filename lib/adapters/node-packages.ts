import path from "node:path";

/**
 * The file an installed package's specifier points to, resolved by Node from the app's folder.
 * Adapters that load engines and data from npm packages at run time (OCR language data, face
 * models, WASM) use this rather than `require.resolve`, which Next's server build rewrites into
 * a bundle module id: a require obtained through process.getBuiltinModule is left alone.
 */
export function resolvePackageFile(specifier: string): string {
  return nodeRequire().resolve(specifier);
}

/** Loads a CommonJS file by path at run time, past the bundler. */
export function loadAtRuntime<T>(file: string): T {
  return nodeRequire()(file) as T;
}

function nodeRequire(): NodeJS.Require {
  return process.getBuiltinModule("node:module").createRequire(path.join(process.cwd(), "package.json"));
}
