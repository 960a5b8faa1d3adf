// `npm run openapi`: writes the OpenAPI document to openapi.json, committed so a change to the
// API shows up in review; a unit test fails when the committed file is stale.
import fs from "node:fs";
import path from "node:path";
import { openApiDocument } from "@/lib/openapi/document";

const target = path.resolve(import.meta.dirname, "../openapi.json");
fs.writeFileSync(target, JSON.stringify(openApiDocument(), null, 2) + "\n");
console.log(`wrote ${path.relative(process.cwd(), target)}`);
