import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export type LocalSecrets = { authSecret: string; postgresPassword: string };

/**
 * Secrets made on first run and kept in DATA_DIR/secrets.json (mode 0600), so sessions survive
 * restarts and the embedded cluster keeps its password without anyone configuring either.
 */
export function loadOrCreateSecrets(dataDir: string): LocalSecrets {
  const file = path.join(dataDir, "secrets.json");
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<LocalSecrets>;
    if (parsed.authSecret && parsed.postgresPassword) return parsed as LocalSecrets;
  } catch {
    // first run
  }
  const secrets: LocalSecrets = {
    authSecret: crypto.randomBytes(32).toString("base64url"),
    postgresPassword: crypto.randomBytes(18).toString("base64url"),
  };
  fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
