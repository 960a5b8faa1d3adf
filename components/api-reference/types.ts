/** The parts of an OpenAPI 3.1 document the reference page draws (lib/openapi builds it). */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  /** A field Rúbrica adds to the reference API (lib/schemas/common.ts RUBRICA_EXTENSION). */
  "x-rubrica-extension"?: boolean;
};

export type ApiParameter = { name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema };
export type ApiOperation = {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  "x-rubrica-extension"?: boolean;
  security?: Array<Record<string, unknown>>;
  parameters?: ApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
};
export type ApiDocument = {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, ApiOperation>>;
  tags?: Array<{ name: string; description?: string }>;
  components: { schemas: Record<string, JsonSchema> };
};

export const HTTP_METHODS = ["get", "post", "put", "patch", "delete"] as const;
