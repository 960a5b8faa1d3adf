import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/**
 * Content-addressed file storage: a file's key is the uppercase SHA-256 of its bytes, so a
 * stored file is never modified in place and storing the same bytes twice is a no-op. The
 * filesystem store is the default; an object store can implement the same interface.
 */
export interface FileStorage {
  put(bytes: Uint8Array): Promise<{ sha256: string; size: number }>;
  get(sha256: string): Promise<Buffer>;
}

export function sha256Hex(bytes: Uint8Array): string {
  return crypto.createHash("sha256").update(bytes).digest("hex").toUpperCase();
}

export function filesystemStorage(root: string): FileStorage {
  const pathOf = (sha256: string) => {
    if (!/^[0-9A-F]{64}$/.test(sha256)) throw new Error("Not a SHA-256 key");
    return path.join(root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  };
  return {
    async put(bytes) {
      const sha256 = sha256Hex(bytes);
      const target = pathOf(sha256);
      const exists = await fs.stat(target).then((s) => s.size === bytes.byteLength, () => false);
      if (!exists) {
        // Signed PDFs and ID images: only the service's user may read them (the umask may be 022).
        await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
        // Write beside, then rename: a reader never sees half a file, even after a crash.
        const temporary = `${target}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
        await fs.writeFile(temporary, bytes, { flag: "wx", mode: 0o600 });
        await fs.rename(temporary, target);
      }
      return { sha256, size: bytes.byteLength };
    },
    async get(sha256) {
      return fs.readFile(pathOf(sha256));
    },
  };
}
