import pino from "pino";
import { env } from "@/lib/env";

const KEY = Symbol.for("rubrica.logger");
const store = globalThis as unknown as { [KEY]?: pino.Logger };

/** Structured JSON logs (pino). Secrets never go in: redact covers the usual places. */
export function logger(): pino.Logger {
  store[KEY] ??= makeLogger(env().LOG_LEVEL);
  return store[KEY];
}

/** The logger's settings, apart so a test can write to its own destination. */
export function makeLogger(level: string, destination?: pino.DestinationStream): pino.Logger {
  return pino(
    {
      level,
      base: { app: "rubrica" },
      redact: ["req.headers.authorization", "req.headers['x-api-key']", "password", "key", "apiKey", "secret"],
      serializers: { err: withoutQueryParameters },
    },
    destination,
  );
}

// Properties where postgres.js and Drizzle keep a failed query's values (password hashes,
// webhook secrets, personal data) and PostgreSQL's `detail` (which quotes the conflicting values).
const PARAMETER_KEYS = ["params", "parameters", "args", "types", "detail"];

/**
 * Errors as pino would write them (type, message, stack, own properties), with `cause` as an
 * object of its own, minus a failed query's parameters: Drizzle puts them in its message (and so
 * the stack) as `params: …`, postgres.js in properties. The SQL text with its $n placeholders,
 * the messages and PostgreSQL's code stay: they say what failed.
 */
export function withoutQueryParameters(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error) || depth > 5) return err;
  const out: Record<string, unknown> = { type: err.constructor.name, message: withoutParamsLine(err.message), stack: withoutParamsLine(err.stack ?? "") };
  for (const [k, v] of Object.entries(err)) if (!PARAMETER_KEYS.includes(k) && k !== "cause") out[k] = v;
  if (err.cause !== undefined) out.cause = withoutQueryParameters(err.cause, depth + 1);
  return out;
}

/** Drizzle's "Failed query: …\nparams: a,b" up to the stack frames (values may hold newlines). */
function withoutParamsLine(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, "\nparams: [not logged]");
}
