import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { env, resetEnvCache } from "./env";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

function withEnv(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
  return env();
}

describe("env()", () => {
  it("has the documented defaults", () => {
    const e = withEnv({ PORT: undefined, DATA_DIR: undefined, DATABASE_URL: undefined, APP_URL: undefined, SEED_DEMO: undefined, RUN_WORKER: undefined, WEBHOOK_ALLOW_PRIVATE: undefined });
    expect(e.PORT).toBe(3000);
    expect(e.DATA_DIR).toBe(path.resolve(".data"));
    expect(e.APP_URL).toBe("http://localhost:3000");
    expect(e.SEED_DEMO).toBe(true);
    expect(e.RUN_WORKER).toBe(true);
    expect(e.WEBHOOK_ALLOW_PRIVATE).toBe(false);
    expect(e.WEBHOOK_TIMEOUT_MS).toBe(10_000);
  });

  it("does not seed a demo user on an external database unless asked", () => {
    expect(withEnv({ DATABASE_URL: "postgres://x@db.example/rubrica", SEED_DEMO: undefined }).SEED_DEMO).toBe(false);
    expect(withEnv({ DATABASE_URL: "postgres://x@db.example/rubrica", SEED_DEMO: "true" }).SEED_DEMO).toBe(true);
  });

  it("reads OCSP_RESPONDERS as issuing CA → URL, and names it when it is not that", () => {
    expect(withEnv({ OCSP_RESPONDERS: undefined }).OCSP_RESPONDERS).toEqual({});
    expect(withEnv({ OCSP_RESPONDERS: '{"AC UAT":"https://cfdit.sat.gob.mx/edofiel"}' }).OCSP_RESPONDERS).toEqual({ "AC UAT": "https://cfdit.sat.gob.mx/edofiel" });
    expect(() => withEnv({ OCSP_RESPONDERS: "AC UAT=https://cfdit.sat.gob.mx/edofiel" })).toThrow(/OCSP_RESPONDERS: must be a JSON object/);
    expect(() => withEnv({ OCSP_RESPONDERS: '{"AC UAT":"ftp://x"}' })).toThrow(/OCSP_RESPONDERS/);
  });

  it("names the bad setting", () => {
    expect(() => withEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => withEnv({ PORT: "3000", WEBHOOK_ALLOW_PRIVATE: "yes" })).toThrow(/WEBHOOK_ALLOW_PRIVATE/);
  });

  it("drops a trailing slash of APP_URL", () => {
    expect(withEnv({ APP_URL: "https://firma.example.mx/" }).APP_URL).toBe("https://firma.example.mx");
  });
});
