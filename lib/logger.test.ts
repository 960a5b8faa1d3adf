import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm/errors";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { makeLogger } from "./logger";

const ARGON2 = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA";
const WEBHOOK_SECRET = "whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQ=";

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: makeLogger("info", destination), text: () => lines.join("") };
}

describe("logger", () => {
  it("logs a failed query's message, SQL and code, never its parameters", () => {
    // What Drizzle throws around postgres.js's error: the values in its message, stack and props.
    const cause = Object.assign(new postgres.PostgresError({ message: 'duplicate key value violates unique constraint "users_email_unique"' } as never), {
      code: "23505",
      detail: `Key (password_hash)=(${ARGON2}) already exists.`,
      parameters: [ARGON2, WEBHOOK_SECRET],
    });
    const err = new DrizzleQueryError('insert into "users" ("password_hash", "webhook_secret") values ($1, $2)', [ARGON2, WEBHOOK_SECRET], cause);
    const { log, text } = capture();
    log.error({ requestId: "r1", err }, "unexpected error");
    const out = text();
    expect(out).not.toContain("argon2id");
    expect(out).not.toContain("whsec_");
    const line = JSON.parse(out);
    expect(line.err.message).toBe('Failed query: insert into "users" ("password_hash", "webhook_secret") values ($1, $2)\nparams: [not logged]');
    expect(line.err.stack).toMatch(/^Error: Failed query: .*\nparams: \[not logged\]\n\s+at /);
    expect(line.err.cause).toMatchObject({ code: "23505", message: 'duplicate key value violates unique constraint "users_email_unique"' });
  });

  it("keeps ordinary errors as pino writes them", () => {
    const { log, text } = capture();
    log.error({ err: new Error("boom") }, "x");
    expect(JSON.parse(text()).err).toMatchObject({ type: "Error", message: "boom", stack: expect.stringContaining("boom") });
  });
});
