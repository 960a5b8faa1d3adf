import fs from "node:fs";
import path from "node:path";
import type { DemoLogin } from "@/lib/services/seed/seed-demo";

// The demo login is printed at every start of a local install, so it is kept (mode 0600) in
// DATA_DIR next to the other local secrets.
const file = (dataDir: string) => path.join(dataDir, "demo-login.json");

export function saveDemoLogin(dataDir: string, login: DemoLogin): void {
  fs.writeFileSync(file(dataDir), JSON.stringify(login, null, 2), { mode: 0o600 });
}

export function loadDemoLogin(dataDir: string): DemoLogin | null {
  try {
    return JSON.parse(fs.readFileSync(file(dataDir), "utf8")) as DemoLogin;
  } catch {
    return null;
  }
}
