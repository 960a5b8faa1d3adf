import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "./document";

const root = path.resolve(import.meta.dirname, "../..");

/** Every API route file in app/ with the HTTP methods it exports, as OpenAPI paths. */
function apiRoutes(): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "route.ts") {
        const route = "/" + path.relative(path.join(root, "app"), dir).split(path.sep).filter((s) => !s.startsWith("(")).join("/");
        const isApi = route.startsWith("/v1") || route.startsWith("/identity/v") || (route.startsWith("/api/") && !route.startsWith("/api/auth"));
        if (!isApi) continue;
        const source = fs.readFileSync(full, "utf8");
        for (const m of source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)) found.push([route.replace(/\[(\w+)\]/g, "{$1}"), m[1]!.toLowerCase()]);
      }
    }
  };
  walk(path.join(root, "app"));
  return found;
}

describe("OpenAPI document", () => {
  const doc = openApiDocument();

  it("is OpenAPI 3.1 with both API key schemes", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.components.securitySchemes)).toEqual(expect.arrayContaining(["bearerAuth", "apiKeyHeader"]));
  });

  it("documents every API route handler in app/", () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(5);
    for (const [route, method] of routes) expect(doc.paths[route]?.[method], `${method.toUpperCase()} ${route}`).toBeDefined();
  });

  it("documents nothing that does not exist", () => {
    const routes = new Set(apiRoutes().map(([r, m]) => `${m} ${r}`));
    for (const [route, ops] of Object.entries(doc.paths)) for (const method of Object.keys(ops)) expect(routes.has(`${method} ${route}`), `${method} ${route}`).toBe(true);
  });

  it("resolves every $ref", () => {
    const refs = JSON.stringify(doc).match(/"\$ref":"#\/components\/schemas\/[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(doc.components.schemas[ref.split("/").at(-1)!.replace(/"$/, "")], ref).toBeDefined();
  });

  it("matches the committed openapi.json (run `npm run openapi` after changing the API)", () => {
    const committed = JSON.parse(fs.readFileSync(path.join(root, "openapi.json"), "utf8"));
    expect(JSON.parse(JSON.stringify(doc))).toEqual(committed);
  });

  it("shows the reference's error shapes", () => {
    expect(doc.components.schemas.ValidationError).toMatchObject({ type: "object", required: ["message", "errors"] });
    expect(doc.components.schemas.ServerError).toMatchObject({ required: ["message", "request_id"] });
  });
});
