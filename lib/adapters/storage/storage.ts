import { env } from "@/lib/env";
import { filesystemStorage, type FileStorage } from "./file-storage";
import { objectStorage } from "./object-storage";

let cached: { settings: unknown; storage: FileStorage } | undefined;

/**
 * The configured store: the S3-compatible bucket of STORAGE_URL when set, else the local
 * directory STORAGE_DIR (by default DATA_DIR/files).
 */
export function fileStorage(): FileStorage {
  const e = env();
  // Sealing adds the signature sheet, signatures and validation data to an upload; ID images and
  // receipts are far smaller. Twice the upload limit plus 16 MiB leaves room for all of them.
  const limits = { maxBytes: (2 * e.MAX_UPLOAD_MB + 16) * 1024 * 1024 };
  const settings = e.STORAGE_URL ?? e.STORAGE_DIR;
  if (cached?.settings !== settings) {
    cached = { settings, storage: e.STORAGE_URL ? objectStorage(e.STORAGE_URL, limits) : filesystemStorage(e.STORAGE_DIR, limits) };
  }
  return cached.storage;
}
