import createClient, { type Client, type ClientOptions } from "openapi-fetch";
import type { components, operations, paths } from "./schema";

/**
 * Rúbrica's API, typed from its OpenAPI document (`/openapi.json`, generated into schema.d.ts by
 * openapi-typescript): every path, parameter, body and answer is checked by the compiler.
 *
 *   const rubrica = createRubricaClient({ baseUrl: "https://firma.example.mx", apiKey: "rk_…" });
 *   const { data, error } = await rubrica.GET("/v1/companies");
 *
 * Calls never throw for an HTTP error: `error` holds the API's JSON (`message`, `errors`), and
 * `response` the status. Files come back with `parseAs: "arrayBuffer"`.
 */
export type RubricaClient = Client<paths>;

export type RubricaClientOptions = Omit<ClientOptions, "baseUrl"> & {
  /** The installation's origin, e.g. "https://firma.example.mx" (no trailing path). */
  baseUrl: string;
  /** An API key from *Ajustes* ("rk_…"), sent as a Bearer token. */
  apiKey: string;
};

export function createRubricaClient({ baseUrl, apiKey, headers, ...options }: RubricaClientOptions): RubricaClient {
  return createClient<paths>({
    ...options,
    baseUrl: baseUrl.replace(/\/+$/, ""),
    headers: { accept: "application/json", ...headers, authorization: `Bearer ${apiKey}` },
  });
}

export type { components, operations, paths };
export type Schemas = components["schemas"];
