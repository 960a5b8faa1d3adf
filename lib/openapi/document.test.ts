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

  it("marks Rúbrica's additions once, as x-rubrica-extension, instead of a 'not in the reference' sentence", () => {
    expect(JSON.stringify(doc)).not.toMatch(/not (in|shown in) the reference/i);
    const ops = Object.values(doc.paths).flatMap((item) => Object.values(item as Record<string, { operationId: string; "x-rubrica-extension"?: boolean; parameters?: Array<{ name: string; schema: Record<string, unknown> }> }>));
    // The reference's twelve numbered operations less its public page (8), and version 2's sessions, which it names.
    const reference = ["listContainerDocuments", "getDocument", "updateDocument", "downloadDocumentPdf", "downloadDocumentXml", "listCompanies", "getCompany", "createIdentitySessionV3", "showIneValidation", "createReceiptValidation", "showReceiptValidation", "createIdentitySessionV2", "listIdentitySessionsV2", "showIdentitySessionV2"];
    expect(ops.filter((op) => !op["x-rubrica-extension"]).map((op) => op.operationId).sort()).toEqual([...reference].sort());
    // Fields Rúbrica adds to the reference's operations, in requests, answers and the query.
    const schemas = doc.components.schemas as Record<string, { properties: Record<string, { properties: Record<string, Record<string, unknown>>; items: { properties: Record<string, Record<string, unknown>> } }> }>;
    expect(schemas.CreateDocumentRequest!.properties.signatures!.items.properties.curp).toMatchObject({ "x-rubrica-extension": true });
    expect(schemas.Signature!.properties.attributes!.properties.certificate_name).toMatchObject({ "x-rubrica-extension": true });
    expect(schemas.Signature!.properties.attributes!.properties.email).not.toHaveProperty("x-rubrica-extension");
    const list = ops.find((op) => op.operationId === "listContainerDocuments")!;
    expect(list.parameters!.find((p) => p.name === "search")!.schema).toMatchObject({ "x-rubrica-extension": true });
    expect(list.parameters!.find((p) => p.name === "page")!.schema).not.toHaveProperty("x-rubrica-extension");
  });

  it("shows the reference's error shapes", () => {
    expect(doc.components.schemas.ValidationError).toMatchObject({ type: "object", required: ["message", "errors"] });
    expect(doc.components.schemas.ServerError).toMatchObject({ required: ["message", "request_id"] });
  });
});
