import type { DbOrTx } from "@/lib/db/client";
import { SESSION_FILE_KINDS, type SessionFileKind } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/services/actor";
import { findIdentitySession } from "./find-identity-session";
import { loadSessionFile, SESSION_FILE_NOT_FOUND } from "./session-files";

/** What the dashboard will show inline (the page only takes these images); anything else is sent as a download. */
const INLINE_TYPES = new Set(["image/jpeg", "image/png", "image/webp"]);

/**
 * One image a session captured (INE front or back, selfie, liveness), for the review page: only
 * to someone who may review the session; otherwise, or when the session has no such image, "not
 * found".
 */
export async function readSessionFileForReview(db: DbOrTx, actor: Actor, sessionId: string, kind: string) {
  if (!(SESSION_FILE_KINDS as readonly string[]).includes(kind)) throw new AppError("NOT_FOUND", SESSION_FILE_NOT_FOUND);
  const session = await findIdentitySession(db, actor, sessionId);
  const { bytes, contentType: type } = await loadSessionFile(db, session.files[kind as SessionFileKind]);
  const inline = type !== null && INLINE_TYPES.has(type);
  return { bytes, contentType: inline ? type : "application/octet-stream", inline, fileName: `${kind}-${session.id}` };
}
