import { eq, inArray } from "drizzle-orm";
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

/**
 * A session's captured images as file objects, each with a signed link valid for an hour (API
 * answers and webhooks). `id` is the image's content address: it names the bytes, it opens nothing.
 */
export async function sessionFileLinks(db: DbOrTx, session: Pick<IdentitySession, "id" | "files">, now = new Date()) {
  const expiresAt = new Date(now.getTime() + SESSION_FILE_LINK_SECONDS * 1000);
  const kinds = SESSION_FILE_KINDS.filter((kind) => session.files[kind]);
  const hashes = kinds.map((kind) => session.files[kind]!);
  const stored = hashes.length ? await db.select().from(storedFiles).where(inArray(storedFiles.sha256, hashes)) : [];
  const byHash = new Map(stored.map((row) => [row.sha256, row]));
  return kinds.map((kind) => {
    const hash = session.files[kind]!;
    const meta = byHash.get(hash);
    const createdAt = meta ? isoWithOffset(meta.createdAt) : null;
    return {
      object: "file" as const,
      id: hash,
      file_type: kind,
      mime_type: meta?.contentType ?? null,
      size: meta?.size ?? null,
      url: `${env().APP_URL}${signLink(sessionFilePath(session.id, kind), expiresAt, signedLinkKey())}`,
      created_at: createdAt,
      updated_at: createdAt,
      // The names this API answered before the file objects above; kept for its existing clients.
      type: kind,
      expires_at: isoWithOffset(expiresAt),
    };
  });
}

export type SessionFileLink = Awaited<ReturnType<typeof sessionFileLinks>>[number];

/** The image behind a signed file link: the link is the permission, until it expires. */
export async function readSessionFile(db: DbOrTx, id: string, kind: SessionFileKind, link: { expires?: string; signature?: string }, now = new Date()) {
  const check = checkLink(sessionFilePath(id, kind), link.expires ?? null, link.signature ?? null, signedLinkKey(), now);
  if (check === "expired") throw new AppError("FORBIDDEN", "El enlace del archivo expiró (vale una hora). Consulta la sesión de nuevo para obtener un enlace nuevo.");
  if (check === "invalid") throw new AppError("FORBIDDEN", "El enlace del archivo no es válido.");
  const [row] = await db.select({ files: identitySessions.files }).from(identitySessions).where(eq(identitySessions.id, id));
  const file = await loadSessionFile(db, row?.files[kind]);
  return { bytes: file.bytes, contentType: file.contentType ?? "application/octet-stream" };
}

export const SESSION_FILE_NOT_FOUND = "Archivo no encontrado.";

/**
 * A captured image by its hash, with its type as stored (or, for an image stored before its type
 * was recorded, read from its first bytes); "not found" when there is none.
 */
export async function loadSessionFile(db: DbOrTx, hash: string | undefined): Promise<{ bytes: Buffer; contentType: string | null }> {
  if (!hash) throw new AppError("NOT_FOUND", SESSION_FILE_NOT_FOUND);
  const [meta] = await db.select({ contentType: storedFiles.contentType }).from(storedFiles).where(eq(storedFiles.sha256, hash));
  const bytes = await fileStorage()
    .get(hash)
    .catch((err: NodeJS.ErrnoException) => {
      if (err.code === "ENOENT") throw new AppError("NOT_FOUND", SESSION_FILE_NOT_FOUND);
      throw err;
    });
  return { bytes, contentType: meta?.contentType ?? sniffImageType(bytes) };
}

/** JPEG, PNG and WebP by their first bytes. */
function sniffImageType(bytes: Buffer): string | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP") return "image/webp";
  return null;
}
