import { buildOpenApiDocument } from "./registry";
import { dashboardOperations } from "./operations/dashboard";
import { identitySessionOperations } from "./operations/identity-sessions";
import { signingOperations } from "./operations/signing";
import { signingLinkOperations } from "./operations/signing-link";
import { systemOperations } from "./operations/system";
import { templateOperations } from "./operations/templates";
import { validationOperations } from "./operations/validations";

export const operations = [...systemOperations, ...signingOperations, ...signingLinkOperations, ...templateOperations, ...validationOperations, ...identitySessionOperations, ...dashboardOperations];

const description = `Rúbrica: electronic signature and identity verification for Mexico.

- Signing API under \`/v1\`, identity API under \`/identity\`, on the same origin.
- Authentication: an API key (Settings → API keys) as \`Authorization: Bearer <key>\` or \`X-Api-Key: <key>\`, accepted on every API route.
- Errors are JSON \`{"message": "..."}\`: 401 missing or invalid key; 404 unknown or not yours (never 403, so existence does not leak); 409 a state forbids the change; 413 file too large; 415 wrong media type; 422 \`{"message": "The given data was invalid.", "errors": {"field.path": ["..."]}}\`; 500 \`{"message", "request_id"}\` with the same id in the \`X-Request-Id\` header.
- Request bodies are JSON. A body labelled \`application/json\`, \`text/plain\` or \`application/x-www-form-urlencoded\` (what \`curl -d\` sends) is read as JSON; any other media type answers 415.
- Every response carries \`X-Request-Id\` (yours if you send one).`;

let cached: ReturnType<typeof buildOpenApiDocument> | undefined;

export function openApiDocument() {
  cached ??= buildOpenApiDocument({ title: "Rúbrica API", version: "0.1.0", description }, operations);
  return cached;
}
