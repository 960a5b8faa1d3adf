import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { identitySessions, storedFiles, SESSION_FILE_KINDS, type IdentitySession, type SessionFileKind } from "@/lib/db/schema";
import { fileStorage } from "@/lib/adapters/storage/storage";
import { checkLink, signLink } from "@/lib/crypto/signed-link";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { isoWithOffset, signedLinkKey } from "@/lib/services/validations/validation-format";

/** A session's images go out as signed links valid for one hour (API answers and webhooks). */
export const SESSION_FILE_LINK_SECONDS = 3600;

export function sessionFilePath(id: string, kind: SessionFileKind): string {
  return `/identity/v2/identity/sessions/${id}/files/${kind}`;
}

export function sessionFileLinks(session: Pick<IdentitySession, "id" | "files">, now = new Date()) {
  const expiresAt = new Date(now.getTime() + SESSION_FILE_LINK_SECONDS * 1000);
  return SESSION_FILE_KINDS.filter((kind) => session.files[kind]).map((kind) => ({
    type: kind,
    url: `${env().APP_URL}${signLink(sessionFilePath(session.id, kind), expiresAt, signedLinkKey())}`,
    expires_at: isoWithOffset(expiresAt),
  }));
}

/** The image behind a signed file link: the link is the permission, until it expires. */
export async function readSessionFile(db: DbOrTx, id: string, kind: SessionFileKind, link: { expires?: string; signature?: string }, now = new Date()) {
  const check = checkLink(sessionFilePath(id, kind), link.expires ?? null, link.signature ?? null, signedLinkKey(), now);
  if (check === "expired") throw new AppError("FORBIDDEN", "El enlace del archivo expiró (vale una hora). Consulta la sesión de nuevo para obtener un enlace nuevo.");
  if (check === "invalid") throw new AppError("FORBIDDEN", "El enlace del archivo no es válido.");
  const [row] = await db.select({ files: identitySessions.files }).from(identitySessions).where(eq(identitySessions.id, id));
  const hash = row?.files[kind];
  if (!hash) throw new AppError("NOT_FOUND", "Archivo no encontrado.");
  const [stored] = await db.select({ contentType: storedFiles.contentType }).from(storedFiles).where(eq(storedFiles.sha256, hash));
  return { bytes: await fileStorage().get(hash), contentType: stored?.contentType ?? "application/octet-stream" };
}
