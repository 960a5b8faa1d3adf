import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { fileStorage } from "@/lib/adapters/storage/storage";
import { storedFiles, SESSION_FILE_KINDS, type SessionFileKind } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/services/actor";
import { findIdentitySession } from "./find-identity-session";

export const SESSION_FILE_NOT_FOUND = "Archivo no encontrado.";

/** What the dashboard will show inline; anything else is sent as a download. */
const INLINE_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "video/webm", "video/mp4"]);

/**
 * One image a session captured (INE front or back, selfie, liveness), for the review page: only
 * to someone who may review the session; otherwise, or when the session has no such image, "not
 * found".
 */
export async function readSessionFileForReview(db: DbOrTx, actor: Actor, sessionId: string, kind: string) {
  if (!(SESSION_FILE_KINDS as readonly string[]).includes(kind)) throw new AppError("NOT_FOUND", SESSION_FILE_NOT_FOUND);
  const session = await findIdentitySession(db, actor, sessionId);
  const hash = session.files[kind as SessionFileKind];
  if (!hash) throw new AppError("NOT_FOUND", SESSION_FILE_NOT_FOUND);
  const [meta] = await db.select({ contentType: storedFiles.contentType }).from(storedFiles).where(eq(storedFiles.sha256, hash));
  const bytes = await fileStorage()
    .get(hash)
    .catch((err: NodeJS.ErrnoException) => {
      if (err.code === "ENOENT") throw new AppError("NOT_FOUND", SESSION_FILE_NOT_FOUND);
      throw err;
    });
  const type = meta?.contentType ?? sniffImageType(bytes);
  const inline = type !== null && INLINE_TYPES.has(type);
  return { bytes, contentType: inline ? type : "application/octet-stream", inline, fileName: `${kind}-${session.id}` };
}

/** Images stored before their type was recorded still show: JPEG, PNG and WebP by their first bytes. */
function sniffImageType(bytes: Buffer): string | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP") return "image/webp";
  return null;
}
