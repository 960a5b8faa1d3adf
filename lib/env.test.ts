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
    const e = withEnv({ PORT: undefined, DATA_DIR: undefined, DATABASE_URL: undefined, APP_URL: undefined, SEED_DEMO: undefined, RUN_WORKER: undefined, WEBHOOK_ALLOW_PRIVATE: undefined, IDENTITY_API_PER_MINUTE: undefined });
    expect(e.PORT).toBe(3000);
    expect(e.DATA_DIR).toBe(path.resolve(".data"));
    expect(e.APP_URL).toBe("http://localhost:3000");
    expect(e.SEED_DEMO).toBe(true);
    expect(e.RUN_WORKER).toBe(true);
    expect(e.WEBHOOK_ALLOW_PRIVATE).toBe(false);
    expect(e.WEBHOOK_TIMEOUT_MS).toBe(10_000);
    expect(e.IDENTITY_API_PER_MINUTE).toBe(30);
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

  it("reads STORAGE_URL as an S3-compatible bucket, with credentials from the URL or AWS_*", () => {
    expect(withEnv({ STORAGE_URL: undefined }).STORAGE_URL).toBeUndefined();
    const fromUrl = withEnv({ STORAGE_URL: "s3://KEY%2Fx:se%40cret@rubrica-files/prod/files/?endpoint=http://127.0.0.1:9000&region=mx-central-1&forcePathStyle=true" }).STORAGE_URL;
    expect(fromUrl).toEqual({
      bucket: "rubrica-files",
      prefix: "prod/files",
      endpoint: "http://127.0.0.1:9000",
      region: "mx-central-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "KEY/x", secretAccessKey: "se@cret" },
    });
    const fromEnv = withEnv({ STORAGE_URL: "s3://rubrica-files", AWS_ACCESS_KEY_ID: "AKIA1", AWS_SECRET_ACCESS_KEY: "s3cr3t" }).STORAGE_URL;
    expect(fromEnv).toEqual({ bucket: "rubrica-files", prefix: "", endpoint: undefined, region: "us-east-1", forcePathStyle: false, credentials: { accessKeyId: "AKIA1", secretAccessKey: "s3cr3t" } });
    // Neither: the AWS SDK's own chain (instance role, shared profile) decides.
    expect(withEnv({ STORAGE_URL: "s3://rubrica-files", AWS_ACCESS_KEY_ID: undefined, AWS_SECRET_ACCESS_KEY: undefined }).STORAGE_URL?.credentials).toBeUndefined();
  });

  it("says what is wrong with a STORAGE_URL", () => {
    expect(() => withEnv({ STORAGE_URL: "/srv/rubrica/files" })).toThrow(/STORAGE_URL: is not a URL/);
    expect(() => withEnv({ STORAGE_URL: "https://s3.example.mx/bucket" })).toThrow(/STORAGE_URL: must start with s3:\/\//);
    expect(() => withEnv({ STORAGE_URL: "s3://Mi_Bucket/x" })).toThrow(/STORAGE_URL: needs a bucket name/);
    expect(() => withEnv({ STORAGE_URL: "s3://rubrica-files?endpoint=127.0.0.1:9000" })).toThrow(/STORAGE_URL: endpoint must be an http/);
    expect(() => withEnv({ STORAGE_URL: "s3://rubrica-files?forcePathStyle=yes" })).toThrow(/STORAGE_URL: forcePathStyle must be true or false/);
    expect(() => withEnv({ STORAGE_URL: "s3://rubrica-files?endpont=http://x" })).toThrow(/STORAGE_URL: has an unknown parameter "endpont"/);
    expect(() => withEnv({ STORAGE_URL: "s3://KEY@rubrica-files" })).toThrow(/STORAGE_URL: credentials in the URL need both/);
  });

  it("names the bad setting", () => {
    expect(() => withEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => withEnv({ PORT: "3000", WEBHOOK_ALLOW_PRIVATE: "yes" })).toThrow(/WEBHOOK_ALLOW_PRIVATE/);
  });

  it("drops a trailing slash of APP_URL", () => {
    expect(withEnv({ APP_URL: "https://firma.example.mx/" }).APP_URL).toBe("https://firma.example.mx");
  });
});
