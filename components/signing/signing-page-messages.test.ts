import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { catalogs } from "@/lib/i18n/translate";
import { SIGNING_PAGE_NAMESPACES } from "./signing-page-messages";

const ROOT = path.resolve(import.meta.dirname, "../..");
const NAMESPACES = new Set(Object.keys(catalogs.es));

/** A component file an import names, or null for packages and what is not a component. */
function resolveComponent(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/") ? path.join(ROOT, specifier.slice(2)) : specifier.startsWith(".") ? path.resolve(path.dirname(from), specifier) : null;
  if (!base || !base.startsWith(path.join(ROOT, "components"))) return null;
  return [".tsx", ".ts"].map((ext) => base + ext).find((file) => fs.existsSync(file)) ?? null;
}

/** Every component module the signing page can load from its client root, imports and import() alike. */
function signingPageModules(): string[] {
  const seen = new Set<string>();
  const queue = [path.join(ROOT, "components/signing/signing-link.tsx")];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = fs.readFileSync(file, "utf8");
    // Type-only imports bring no code (nor words) into the page.
    const statics = [...source.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^"';]*?\sfrom\s+)?"([^"]+)"/gm)].filter((m) => !m[1]).map((m) => m[2]!);
    const dynamics = [...source.matchAll(/import\(\s*"([^"]+)"\s*\)/g)].map((m) => m[1]!);
    for (const specifier of [...statics, ...dynamics]) {
      const target = resolveComponent(file, specifier);
      if (target) queue.push(target);
    }
  }
  return [...seen];
}

/** The catalog namespaces a source file names in message keys: "signing.title", `options.type${x}`. */
function namespacesIn(source: string): string[] {
  return [...source.matchAll(/["'`]([a-zA-Z]+)\.[a-zA-Z$]/g)].map((m) => m[1]!).filter((ns) => NAMESPACES.has(ns));
}

describe("the signing page's messages", () => {
  it("reach the components it loads, so none shows a key instead of its words", () => {
    const modules = signingPageModules();
    // The walk found the page's parts, not just its root (it would pass vacuously otherwise).
    expect(modules.map((file) => path.relative(ROOT, file))).toEqual(
      expect.arrayContaining(["components/signing/sign-form.tsx", "components/signing/document-reader.tsx", "components/documents/pdf-pages.tsx", "components/documents/status-badge.tsx"]),
    );
    const sent = new Set<string>(SIGNING_PAGE_NAMESPACES);
    const missing = modules.flatMap((file) => namespacesIn(fs.readFileSync(file, "utf8")).filter((ns) => !sent.has(ns)).map((ns) => `${path.relative(ROOT, file)}: ${ns}`));
    expect([...new Set(missing)]).toEqual([]);
  });
});
