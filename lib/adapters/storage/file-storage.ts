import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/**
 * Content-addressed file storage: a file's key is the uppercase SHA-256 of its bytes, so a
 * stored file is never modified in place and storing the same bytes twice is a no-op. The
 * filesystem store is the default; an S3-compatible object store (object-storage.ts) implements
 * the same interface for instances on several machines.
 *
 * Files are read whole because every reader parses them (PDF, images); `maxBytes` bounds what
 * one read may hold, so a damaged or hostile store cannot make a process buffer without end.
 * A missing file rejects with an error whose `code` is "ENOENT", whatever the store.
 */
export interface FileStorage {
  put(bytes: Uint8Array): Promise<{ sha256: string; size: number }>;
  get(sha256: string): Promise<Buffer>;
}

export interface StorageLimits {
  /** Largest file put or get accepts, in bytes. */
  maxBytes: number;
}

export function sha256Hex(bytes: Uint8Array): string {
  return crypto.createHash("sha256").update(bytes).digest("hex").toUpperCase();
}

/** The relative location of a file: two levels of fan-out keep directories and listings small. */
export function storageKey(sha256: string): string {
  if (!/^[0-9A-F]{64}$/.test(sha256)) throw new Error("Not a SHA-256 key");
  return `${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;
}

export function missingFile(sha256: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`No stored file ${sha256}`), { code: "ENOENT" });
}

export function tooLarge(size: number, limits: StorageLimits): Error {
  return new Error(`Stored file of ${size} bytes exceeds the limit of ${limits.maxBytes}`);
}

export function filesystemStorage(root: string, limits: StorageLimits = { maxBytes: Number.MAX_SAFE_INTEGER }): FileStorage {
  const pathOf = (sha256: string) => path.join(root, ...storageKey(sha256).split("/"));
  return {
    async put(bytes) {
      if (bytes.byteLength > limits.maxBytes) throw tooLarge(bytes.byteLength, limits);
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
      const file = await fs.open(pathOf(sha256), "r").catch((err: NodeJS.ErrnoException) => {
        throw err.code === "ENOENT" ? missingFile(sha256) : err;
      });
      try {
        const { size } = await file.stat();
        if (size > limits.maxBytes) throw tooLarge(size, limits);
        return await file.readFile();
      } finally {
        await file.close();
      }
    },
  };
}
