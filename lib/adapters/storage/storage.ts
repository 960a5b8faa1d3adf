import { env } from "@/lib/env";
import { filesystemStorage, type FileStorage } from "./file-storage";

let cached: { root: string; storage: FileStorage } | undefined;

/** The configured store (STORAGE_DIR, by default DATA_DIR/files). */
export function fileStorage(): FileStorage {
  const root = env().STORAGE_DIR;
  if (cached?.root !== root) cached = { root, storage: filesystemStorage(root) };
  return cached.storage;
}
