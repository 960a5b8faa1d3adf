import { z } from "zod";
import { errorBody, RUBRICA_EXTENSION, serverErrorBody, validationErrorBody } from "@/lib/schemas/common";

/** One documented operation. Route handlers and these entries share the same zod schemas. */
export type Operation = {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  operationId: string;
  /**
   * One of the reference API's operations (its numbered list, and version 2's sessions, which it
   * names). Everything else is Rúbrica's addition, marked `x-rubrica-extension: true` so a new
   * operation is an extension unless someone says otherwise.
   */
  reference?: true;
  summary: string;
  description?: string;
  tags: string[];
  security: "apiKey" | "session" | "none";
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Named examples of the JSON body. */
  bodyExamples?: Examples;
  /**
   * The body is also taken as multipart/form-data with the same field names (apiRoute's
   * `multipart`): the media types each named part may have, as OpenAPI's `encoding` says them.
   */
  multipart?: Record<string, string>;
  responses: Record<number, { description: string; schema?: z.ZodType; contentType?: string; examples?: Examples }>;
};

/** OpenAPI's named examples: what each shows, and the value. */
type Examples = Record<string, { summary: string; value: unknown }>;

type JsonSchema = Record<string, unknown>;

const standardErrors: Operation["responses"] = {
  422: { description: "Invalid input; field paths in `errors`.", schema: validationErrorBody },
  500: { description: "Unexpected error.", schema: serverErrorBody },
};

export function buildOpenApiDocument(info: { title: string; version: string; description: string }, operations: Operation[], tags: Array<{ name: string; description: string }> = []) {
  const components: Record<string, JsonSchema> = {};
  // Schemas with .meta({ id }) become components; zod puts them in $defs, which we hoist.
  const toSchema = (schema: z.ZodType, io: "input" | "output"): JsonSchema => {
    const js = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as JsonSchema;
    const defs = (js.$defs ?? {}) as Record<string, JsonSchema>;
    delete js.$defs;
    delete js.$schema;
    for (const [id, def] of Object.entries(defs)) components[id] = toComponentRefs(def);
    return toComponentRefs(js);
  };

  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const parameters = [
      ...objectParams(op.params, "path", toSchema),
      ...objectParams(op.query, "query", toSchema),
    ];
    const responses: Record<string, unknown> = {};
    const unauthorized: Operation["responses"] = op.security === "none" ? {} : { 401: { description: "Missing or invalid credentials.", schema: errorBody } };
    const all: Operation["responses"] = { ...unauthorized, ...standardErrors, ...op.responses };
    for (const [status, r] of Object.entries(all)) {
      responses[status] = {
        description: r.description,
        ...(r.schema || r.contentType
          ? { content: { [r.contentType ?? "application/json"]: { ...(r.schema ? { schema: toSchema(r.schema, "output") } : {}), ...(r.examples ? { examples: r.examples } : {}) } } }
          : {}),
      };
    }
    (paths[op.path] ??= {})[op.method] = {
      operationId: op.operationId,
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      ...(op.reference ? {} : RUBRICA_EXTENSION),
      tags: op.tags,
      security: op.security === "apiKey" ? [{ bearerAuth: [] }, { apiKeyHeader: [] }] : op.security === "session" ? [{ sessionCookie: [] }] : [],
      ...(parameters.length ? { parameters } : {}),
      ...(op.body ? { requestBody: { required: true, content: requestContent(op, toSchema(op.body, "input")) } } : {}),
      responses,
    };
  }

  return {
    openapi: "3.1.0",
    info,
    tags,
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "An API key from Ajustes → Claves de API, as `Authorization: Bearer <key>`." },
        apiKeyHeader: { type: "apiKey", in: "header", name: "X-Api-Key", description: "The same API key, as `X-Api-Key: <key>`." },
        sessionCookie: { type: "apiKey", in: "cookie", name: "authjs.session-token", description: "The dashboard's signed-in session (the Dashboard endpoints)." },
      },
    },
  };
}

function requestContent(op: Operation, schema: JsonSchema) {
  return {
    "application/json": { schema, ...(op.bodyExamples ? { examples: op.bodyExamples } : {}) },
    ...(op.multipart ? { "multipart/form-data": { schema, encoding: Object.fromEntries(Object.entries(op.multipart).map(([field, contentType]) => [field, { contentType }])) } } : {}),
  };
}

function objectParams(schema: z.ZodObject | undefined, where: "path" | "query", toSchema: (s: z.ZodType, io: "input") => JsonSchema) {
  if (!schema) return [];
  return Object.entries(schema.shape).map(([name, field]) => ({
    name,
    in: where,
    required: where === "path" || !(field as z.ZodType).safeParse(undefined).success,
    schema: toSchema(field as z.ZodType, "input"),
  }));
}

function toComponentRefs<T>(schema: T): T {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/$defs/', '"#/components/schemas/')) as T;
}
