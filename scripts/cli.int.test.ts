import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { embeddedUrl, runningClusterPort, startEmbeddedCluster, type EmbeddedCluster } from "@/lib/db/embedded";
import * as schema from "@/lib/db/schema";
import { authenticateApiKey } from "@/lib/services/api-keys/authenticate-api-key";

const run = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rubrica-cli-"));
fs.chmodSync(dataDir, 0o755);
const databaseDir = path.join(dataDir, "postgres");
let appCluster: EmbeddedCluster | undefined;

/** The CLI as a person runs it, on its own DATA_DIR (embedded database, no DATABASE_URL). */
async function cli(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" };
  delete env.DATABASE_URL;
  delete env.AUTH_SECRET;
  return run("npx", ["tsx", "scripts/cli.ts", ...args], { env, cwd: path.resolve(import.meta.dirname, "..") });
}

async function keyAuthenticates(port: number, key: string) {
  const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, "secrets.json"), "utf8")) as { postgresPassword: string };
  const sql = postgres(embeddedUrl(port, secrets.postgresPassword), { max: 1, onnotice: () => {} });
  try {
    return await authenticateApiKey(drizzle(sql, { schema }), key);
  } finally {
    await sql.end();
  }
}

afterAll(async () => {
  await appCluster?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("npm run cli", () => {
  it("works when the app is not running: starts the embedded database for itself and stops it", async () => {
    const created = await cli("user:create", "--email", "ana@example.com", "--password", "sol de tlaquepaque 7", "--name", "Ana Núñez");
    expect(created.stdout).toContain('Created user ana@example.com');
    expect(created.stdout).toContain('"mis documentos"');
    const { stdout } = await cli("api-key:create", "--email", "ana@example.com");
    const key = stdout.trim().split("\n").at(-1)!;
    expect(key).toMatch(/^rk_[\w-]{32}$/);
    expect(runningClusterPort(databaseDir)).toBeNull();

    // The key it printed authenticates against the same database.
    const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, "secrets.json"), "utf8")) as { postgresPassword: string };
    appCluster = await startEmbeddedCluster({ databaseDir, password: secrets.postgresPassword, durable: false });
    expect(await keyAuthenticates(appCluster.port, key)).toMatchObject({ via: "apiKey" });
  }, 60_000);

  it("works while the app runs: attaches to the app's database and leaves it running", async () => {
    expect(appCluster).toBeDefined(); // started by the previous test, as `npm start` would
    const { stdout } = await cli("api-key:create", "--email", "ana@example.com", "--name", "erp");
    const key = stdout.trim().split("\n").at(-1)!;
    expect(runningClusterPort(databaseDir)).toBe(appCluster!.port);
    expect(await keyAuthenticates(appCluster!.port, key)).toMatchObject({ via: "apiKey" });
    const quota = await cli("quota:set", "--email", "ANA@example.com", "--transactions", "7");
    expect(quota.stdout.trim()).toBe("ana@example.com has 7 identity transactions.");
  }, 60_000);

  it("explains bad arguments and exits non-zero", async () => {
    const err = (await cli("user:create", "--email", "not-an-email", "--password", "x").catch((e: unknown) => e)) as { code: number; stderr: string };
    expect(err.code).toBe(1);
    expect(err.stderr).toContain("--email: Enter a valid e-mail address.");
    expect(err.stderr).toContain("--password: The password must have at least 8 characters.");
  }, 60_000);

  it("makes sandbox test certificates as SAT issues them, which openssl reads, and revokes them", async () => {
    const out = path.join(dataDir, "certs");
    const { stdout } = await cli("test-cert:create", "--type", "EFIRMA", "--name", "Begoña Núñez Peña", "--rfc", "GODE561231GR8", "--curp", "BOXW310820HNERXN09", "--password", "contraseña-1", "--out", out);
    expect(stdout).toMatch(/Sandbox EFIRMA certificate \d{20} for Begoña Núñez Peña/);
    const cer = path.join(out, "GODE561231GR8_EFIRMA.cer");
    const key = path.join(out, "GODE561231GR8_EFIRMA.key");
    const subject = (await run("openssl", ["x509", "-inform", "DER", "-in", cer, "-noout", "-subject", "-nameopt", "utf8,sep_comma_plus"])).stdout;
    expect(subject).toContain("BEGOÑA NÚÑEZ PEÑA");
    // The .key opens with its password (PKCS#8, encrypted, DER) and is the certificate's key.
    const fromKey = (await run("openssl", ["pkey", "-inform", "DER", "-in", key, "-passin", "pass:contraseña-1", "-pubout"])).stdout;
    const fromCer = (await run("openssl", ["x509", "-inform", "DER", "-in", cer, "-noout", "-pubkey"])).stdout;
    expect(fromKey).toBe(fromCer);
    await expect(run("openssl", ["pkey", "-inform", "DER", "-in", key, "-passin", "pass:otra", "-noout"])).rejects.toThrow();
    // The sandbox authority is trusted by this installation.
    const trust = path.join(dataDir, "trust", "EFIRMA");
    const bundle = path.join(dataDir, "efirma-bundle.pem");
    fs.writeFileSync(bundle, fs.readdirSync(trust).map((f) => fs.readFileSync(path.join(trust, f), "utf8")).join("\n"));
    const pem = path.join(dataDir, "signer.pem");
    await run("openssl", ["x509", "-inform", "DER", "-in", cer, "-out", pem]);
    expect((await run("openssl", ["verify", "-CAfile", bundle, pem])).stdout).toContain(": OK");

    const revoked = await cli("test-cert:revoke", "--cer", cer);
    expect(revoked.stdout).toMatch(/Revoked EFIRMA certificate \d{20}/);
    const list = JSON.parse(fs.readFileSync(path.join(dataDir, "sandbox-ca", "EFIRMA", "revoked.json"), "utf8")) as { serial: string }[];
    expect(list).toHaveLength(1);
  }, 120_000);
});
