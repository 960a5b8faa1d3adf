import { z } from "zod";

/**
 * Marks what Rúbrica adds to the reference API (an operation or a field): OpenAPI's vendor field
 * `x-rubrica-extension: true`, which /docs shows as a badge. One mark instead of a "Not in the
 * reference" sentence in each description.
 */
export const RUBRICA_EXTENSION = { "x-rubrica-extension": true } as const;

export const errorBody = z.object({ message: z.string() }).meta({ id: "Error" });

/** Every 429's description: what the rate-limit headers mean (lib/http/rate-limit.ts). */
export const TOO_MANY_REQUESTS =
  "Too many requests: the budget of this link or client address for the current minute is spent, across all of the service's instances. `Retry-After` says in how many seconds to try again; `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (IETF draft-ietf-httpapi-ratelimit-headers-06; Reset in seconds until the window ends) describe the budget.";
/** The identity API's 429 (identityApiLimit in lib/http/rate-limit.ts). */
export const IDENTITY_API_TOO_MANY_REQUESTS =
  "Too many calls: the identity API takes `IDENTITY_API_PER_MINUTE` calls a minute (30 unless the installation sets another number) per endpoint and per API key, counted across all of the service's instances: every program using one key shares that budget, another key has its own, and each endpoint counts apart. Result lookups (GET of one validation or session) have their own budget instead: `IDENTITY_RESULT_READS_PER_MINUTE` (1200) per endpoint and key, and a tenth of that for each result (120 a minute: a poll every 0.5 s). `Retry-After` says in how many seconds to try again; `RateLimit-Limit`, `RateLimit-Remaining` (0) and `RateLimit-Reset` (seconds until the minute's window ends; IETF draft-ietf-httpapi-ratelimit-headers-06) describe the budget.";
/** A per-account quota's 429 (lib/services/quota/spend-account-quota.ts): what is left and when it resets. */
export const quotaErrorBody = z
  .object({
    message: z.string(),
    quota: z.object({
      kind: z.enum(["documents", "notices"]),
      limit: z.number().int(),
      remaining: z.number().int(),
      requested: z.number().int(),
      resets_at: z.string().describe("When the period ends and the quota is whole again (ISO 8601)."),
      retry_after: z.number().int().describe("Seconds until then; also the Retry-After header."),
    }),
  })
  .meta({ id: "QuotaError" });
export const QUOTA_EXCEEDED =
  "The account's quota for this period is spent: documents created (`DOCUMENTS_PER_PERIOD`, 10,000 unless the installation or an admin sets another number) or notices sent by e-mail or WhatsApp (`NOTICES_PER_PERIOD`, 30,000), per `QUOTA_PERIOD_HOURS` (24) from the first use. Each account counts apart. `quota` says what is left and when it resets; `Retry-After` the seconds until then.";

export const validationErrorBody = z
  .object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) })
  .meta({ id: "ValidationError", description: 'Keys are field paths such as "validations.0"; values are messages.' });
export const serverErrorBody = z
  .object({ message: z.string(), request_id: z.string() })
  .meta({ id: "ServerError", description: "Unexpected failure; quote request_id (also in the X-Request-Id header) to support." });
// C0 controls but tab, LF and CR. PostgreSQL refuses NUL in text (a 500 before this check), and
// none of the others belongs in a name, an e-mail or an id: they only hide text in logs and PDFs.
export const CONTROL_CHARACTER = /[\x00-\x08\x0B\x0C\x0E-\x1F]/;
export const hasControlCharacter = (value: string) => CONTROL_CHARACTER.test(value);
export const uuidParam = z.uuid({ error: "Must be a UUID." });
