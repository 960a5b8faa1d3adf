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
- Every response carries \`X-Request-Id\` (yours if you send one).
- Operations and fields marked \`x-rubrica-extension: true\` (“Rúbrica extension” on /docs) are Rúbrica's additions, not part of the reference API.`;

/** The sections, in the order /docs shows them, with what each holds (OpenAPI's top-level `tags`). */
const tags = [
  { name: "System", description: "To check that the service answers and that an API key works." },
  { name: "Signing API", description: "Documents, signers and work folders: upload a PDF, send it for signing, follow it and download the result." },
  { name: "Signing link (public)", description: "What the signing page does with each signer's personal link: read the document, verify the identity, sign or reject." },
  { name: "Verification (public)", description: "Anyone can check whether a PDF, an XML record or a constancia is genuine." },
  { name: "Templates and bulk sending", description: "Reusable templates, and one template sent to many people from a CSV." },
  { name: "Identity: validations", description: "Check an INE credential or an electricity receipt against the official registries." },
  { name: "Identity: sessions", description: "Verification sessions: a link where a person shows their INE and face from a phone." },
  { name: "Identity: verification page", description: "What the verification page calls; documented for custom front ends." },
  { name: "Dashboard", description: "What the signed-in dashboard calls: API keys and webhooks." },
];

let cached: ReturnType<typeof buildOpenApiDocument> | undefined;

export function openApiDocument() {
  cached ??= buildOpenApiDocument({ title: "Rúbrica API", version: "0.1.0", description }, operations, tags);
  return cached;
}
