import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A scratch folder (`dir`, world-readable for the tools) holding `root.pem` and an NSS database
 * (`nssDir`) that trusts it, so `pdfsig -nssdir sql:<nssDir>` reports our signatures as trusted.
 */
export function nssTrustingRoot(rootPem: string, prefix: string): { dir: string; nssDir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  const nssDir = path.join(dir, "nss");
  fs.mkdirSync(nssDir);
  fs.writeFileSync(path.join(dir, "root.pem"), rootPem);
  execFileSync("certutil", ["-N", "-d", `sql:${nssDir}`, "--empty-password"]);
  execFileSync("certutil", ["-A", "-d", `sql:${nssDir}`, "-n", "rubrica-root", "-t", "CT,C,C", "-i", path.join(dir, "root.pem")]);
  return { dir, nssDir };
}
