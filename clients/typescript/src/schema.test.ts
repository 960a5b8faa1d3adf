import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import { describe, expect, it } from "vitest";

// The client's types are what openapi.json generates today: an API change without
// `npm run client:generate` fails here instead of shipping a client that lies.
describe("@rubrica/client's schema.d.ts", () => {
  it("is generated from the repository's openapi.json", async () => {
    const generated = astToString(await openapiTS(pathToFileURL(path.resolve("openapi.json")), { defaultNonNullable: false }));
    const committed = fs.readFileSync(path.resolve("clients/typescript/src/schema.d.ts"), "utf8");
    expect(committed.endsWith(generated), "run `npm run client:generate`").toBe(true);
  }, 60_000);
});
