import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

export type Decryption = { ok: true; bytes: Uint8Array } | { ok: false; reason: "needs-password" | "failed" | "unavailable" };

/**
 * A plain copy of an encrypted PDF that opens without a password (an empty user password: the
 * owner only restricted printing or copying), made by qpdf where it is installed: the fallback
 * for the few files MuPDF (lib/pdf/pdf-engine.ts, which decrypts the others) does not open
 * (lib/services/documents/read-uploaded-pdf.ts). qpdf decrypts RC4, AES-128 and AES-256 (R2–R6)
 * alike and tells "invalid password" apart. No sandbox twin: it is a local, deterministic tool
 * (Debian `qpdf`), not an outside system; without it the answer is "unavailable".
 */
export async function decryptWithoutPassword(bytes: Uint8Array, options: { timeoutMs?: number } = {}): Promise<Decryption> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "rubrica-decrypt-"));
  const input = path.join(dir, "in.pdf");
  const output = path.join(dir, "out.pdf");
  try {
    await fs.writeFile(input, bytes);
    const result = await new Promise<{ code: number | string | null; stderr: string }>((resolve) => {
      execFile("qpdf", ["--decrypt", "--password=", input, output], { timeout: options.timeoutMs ?? 20_000, maxBuffer: 1024 * 1024 }, (error, _stdout, stderr) =>
        resolve({ code: error ? ((error as NodeJS.ErrnoException).code ?? (error.killed ? "killed" : null)) : 0, stderr: String(stderr) }),
      );
    });
    if (result.code === "ENOENT") return { ok: false, reason: "unavailable" };
    if (/invalid password/i.test(result.stderr)) return { ok: false, reason: "needs-password" };
    // Exit 3 is "done, with warnings" (a repaired xref, say): the copy is written and usable.
    if (result.code !== 0 && result.code !== 3) return { ok: false, reason: "failed" };
    return { ok: true, bytes: new Uint8Array(await fs.readFile(output)) };
  } catch {
    return { ok: false, reason: "failed" };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
