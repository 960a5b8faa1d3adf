import pino from "pino";
import { env } from "@/lib/env";

const KEY = Symbol.for("rubrica.logger");
const store = globalThis as unknown as { [KEY]?: pino.Logger };

/** Structured JSON logs (pino). Secrets never go in: redact covers the usual places. */
export function logger(): pino.Logger {
  store[KEY] ??= pino({
    level: env().LOG_LEVEL,
    base: { app: "rubrica" },
    redact: ["req.headers.authorization", "req.headers['x-api-key']", "password", "key", "apiKey", "secret"],
  });
  return store[KEY];
}
