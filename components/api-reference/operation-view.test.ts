import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { OperationView, type OperationLabels } from "./operation-view";
import type { ApiOperation } from "./types";

const labels: OperationLabels = {
  required: "obligatorio", fields: "Campos", oneOf: "Una de:", values: "Valores", defaultValue: "Si falta", arrayOf: "lista de", repeated: "{name}", extension: "Extensión de Rúbrica",
  parameters: "Parámetros", body: "Cuerpo", responses: "Respuestas", auth: "Autenticación", authApiKey: "llave", authSession: "sesión", authNone: "ninguna", in: {},
};
const text = (op: ApiOperation) => renderToStaticMarkup(createElement(OperationView, { method: "get", path: "/v1/x", op, schemas: {}, labels })).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
const badges = (op: ApiOperation) => text(op).split("Extensión de Rúbrica").length - 1;

describe("an operation on /docs", () => {
  const body = { content: { "application/json": { schema: { type: "object", properties: { name: { type: "string" }, curp: { type: "string", "x-rubrica-extension": true } } } } } };
  const query = [{ name: "page", in: "query", schema: { type: "integer" } }, { name: "search", in: "query", schema: { type: "string", "x-rubrica-extension": true } }];

  it("shows the «Extensión de Rúbrica» badge on an operation, a field and a parameter that carry x-rubrica-extension", () => {
    expect(badges({ operationId: "a", summary: "A", "x-rubrica-extension": true, requestBody: body, parameters: query })).toBe(3);
  });

  it("shows none on the reference's own", () => {
    expect(badges({ operationId: "b", summary: "B", requestBody: { content: { "application/json": { schema: { type: "object", properties: { name: { type: "string" } } } } } }, parameters: [query[0]!] })).toBe(0);
  });
});
