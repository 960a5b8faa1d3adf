import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { freePort } from "@/test/launcher";

// The README's "Run it" on a machine with Node and nothing else (issue 27): the production build
// started as `npm start` starts it, with a PATH that has no poppler, qpdf or tesseract and a
// fontconfig that sees no font at all. The README's sandbox person validates, an encrypted PDF
// with an empty password is accepted, and the signing page's pictures are served.

const ROOT = path.resolve(import.meta.dirname, "..");
const TOOLS_THAT_MUST_BE_ABSENT = ["pdfinfo", "pdftoppm", "qpdf", "fix-qdf", "zlib-flate", "tesseract"];
const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean();
});

/**
 * A PATH like this machine's without poppler's programs (pdfinfo, pdftoppm, pdfsig…), qpdf or
 * tesseract (every other program linked into one folder: embedded PostgreSQL run as root calls
 * groupadd and useradd), and a fontconfig file that lists no fonts.
 */
function bareMachine(dir: string): NodeJS.ProcessEnv {
  const bin = path.join(dir, "bin");
  fs.mkdirSync(bin);
  fs.symlinkSync(process.execPath, path.join(bin, "node"));
  for (const from of (process.env.PATH ?? "").split(path.delimiter).filter(Boolean)) {
    let names: string[];
    try {
      names = fs.readdirSync(from);
    } catch {
      continue;
    }
    for (const name of names) {
      if (name.startsWith("pdf") || TOOLS_THAT_MUST_BE_ABSENT.includes(name) || fs.existsSync(path.join(bin, name))) continue;
      fs.symlinkSync(path.join(from, name), path.join(bin, name));
    }
  }
  const fonts = path.join(dir, "no-fonts.conf");
  fs.writeFileSync(fonts, `<?xml version="1.0"?>\n<fontconfig><cachedir>${path.join(dir, "fc-cache")}</cachedir></fontconfig>\n`);
  const env = {} as NodeJS.ProcessEnv;
  for (const [k, v] of Object.entries(process.env)) if (!/^(DATABASE_URL|NODE_ENV|AUTH_SECRET|STORAGE_URL|VITEST.*|TEST)$/.test(k)) env[k] = v;
  return { ...env, PATH: bin, FONTCONFIG_FILE: fonts, FONTCONFIG_PATH: dir, DATA_DIR: path.join(dir, "data"), SANDBOX_LATENCY_MS: "0", LOG_LEVEL: "warn" };
}

it("on Node alone: the sandbox person validates, an empty-password PDF is accepted, page pictures are served", { timeout: 8 * 60_000 }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rubrica-node-only-"));
  fs.chmodSync(dir, 0o755); // embedded PostgreSQL runs as another user when we are root
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const env = bareMachine(dir);
  for (const tool of TOOLS_THAT_MUST_BE_ABSENT) expect(fs.existsSync(path.join(env.PATH!, tool)), tool).toBe(false);

  // The README's identity files, made on this bare machine.
  const identity = path.join(dir, "identity");
  execFileSync(process.execPath, ["--import", "tsx", "scripts/cli.ts", "sandbox:identity", "--person", "1", "--out", identity], { cwd: ROOT, env, stdio: "pipe", timeout: 180_000 });

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOSTNAME: "127.0.0.1", APP_URL: url, SEED_DEMO: "true" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  server.stdout!.on("data", (b: Buffer) => (log += b.toString()));
  server.stderr!.on("data", (b: Buffer) => (log += b.toString()));
  cleanups.push(async () => {
    if (server.exitCode !== null) return;
    const exited = new Promise((r) => server.once("exit", r));
    server.kill("SIGTERM");
    const timer = setTimeout(() => process.kill(-server.pid!, "SIGKILL"), 20_000);
    await exited;
    clearTimeout(timer);
  });
  const until = Date.now() + 180_000;
  while (!(await fetch(`${url}/api/health`).then((r) => r.ok, () => false))) {
    if (server.exitCode !== null || Date.now() > until) throw new Error(`the server did not start:\n${log.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const { apiKey } = JSON.parse(fs.readFileSync(path.join(env.DATA_DIR!, "demo-login.json"), "utf8")) as { apiKey: string };
  const auth = { "x-api-key": apiKey };

  // The sandbox person's INE, as the README's identity walk-through sends it.
  const image = (name: string) => `data:image/jpeg;base64,${fs.readFileSync(path.join(identity, name)).toString("base64")}`;
  const validation = await fetch(`${url}/identity/v1/validations/basic`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ ine_front: image("ine-front.jpg"), ine_back: image("ine-back.jpg"), selfie: image("selfie.jpg") }),
  });
  const validated = await validation.json();
  expect(validation.status, JSON.stringify(validated)).toBe(200);
  expect(validated.data, log.slice(-2000)).toMatchObject({ status: true, message: "La credencial es válida", faceComparison: { result: true } });

  // An encrypted PDF with an empty user password (Acrobat, AES-256): accepted, and its pages drawn.
  const folder = (await (await fetch(`${url}/v1/companies`, { headers: auth })).json()).data[0].id as string;
  const form = new FormData();
  form.set("file", new Blob([fs.readFileSync(path.resolve(ROOT, "../shared/realworld/pdfs/pdfjs_empty_protected.pdf"))], { type: "application/pdf" }), "protegido.pdf");
  form.set("document", JSON.stringify({ signatures: [{ name: "Begoña Núñez", email: "begona@example.com" }], notification_mode: "DISABLED" }));
  const created = await fetch(`${url}/v1/containers/${folder}/documents`, { method: "POST", headers: auth, body: form });
  const document = await created.json();
  expect(created.status, JSON.stringify(document)).toBe(201);
  const signer = document.data.relationships.signatories.data[0].id as string;
  for (const w of [820, 1640]) {
    const picture = await fetch(`${url}/signature/sign-document/${signer}/pages/1?w=${w}`);
    expect(picture.status, log.slice(-2000)).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/png");
    const png = Buffer.from(await picture.arrayBuffer());
    expect(png.readUInt32BE(16)).toBe(w);
  }
});
