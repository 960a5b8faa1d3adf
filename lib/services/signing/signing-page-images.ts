import type { DbOrTx } from "@/lib/db/client";
import { fileStorage } from "@/lib/adapters/storage/storage";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";
import { displayedPageSizes, pagePng, type PageSize } from "@/lib/pdf/page-raster";
import type { PageImageWidth } from "@/lib/schemas/page-images";
import { linkShowsDocument, loadSigningLink } from "./signing-link-state";

// The signing page shows the document as pictures drawn here: a phone sees the first page
// without downloading a PDF viewer. The browser picks a width by its screen (srcset).

// Files are immutable by hash, so their pictures can be kept; a few dozen megabytes at most.
const MAX_CACHED_BYTES = 48 * 1024 * 1024;
const images = new Map<string, Buffer>();
let cachedBytes = 0;
const sizes = new Map<string, Promise<PageSize[] | null>>();

function remember(key: string, png: Buffer) {
  images.set(key, png);
  cachedBytes += png.length;
  // Map order is insertion order: the oldest go first.
  for (const [old, bytes] of images) {
    if (cachedBytes <= MAX_CACHED_BYTES) break;
    images.delete(old);
    cachedBytes -= bytes.length;
  }
}

/** The file a signer reads: the original until sealed, then the sealed one (with its sheet). */
async function servedFile(db: DbOrTx, signatoryId: string) {
  const link = await loadSigningLink(db, signatoryId);
  if (!linkShowsDocument(link.signer, link.document)) return null;
  return { link, hash: link.document.sealedHash ?? link.document.originalHash };
}

async function sizesOf(hash: string): Promise<PageSize[] | null> {
  let known = sizes.get(hash);
  if (!known) {
    known = fileStorage()
      .get(hash)
      .then((bytes) => displayedPageSizes(bytes))
      .catch(() => null);
    sizes.set(hash, known);
    if (sizes.size > 2000) sizes.delete(sizes.keys().next().value!);
    // A failure is not kept: poppler may be installed later, the file may be read next time.
    void known.then((s) => s ?? sizes.delete(hash));
  }
  return known;
}

/**
 * Each page's displayed size (points) of the file the link shows, for the page to reserve each
 * picture's space; null when the link was removed or the pictures cannot be drawn here (the page
 * then uses the browser's PDF viewer).
 */
export async function signingPageSizes(db: DbOrTx, signatoryId: string): Promise<PageSize[] | null> {
  const served = await servedFile(db, signatoryId);
  return served ? sizesOf(served.hash) : null;
}

/**
 * One page of the file the link shows, as a PNG of one of PAGE_IMAGE_WIDTHS; null when there is
 * no such page or the link was removed. Reading the first page is recorded like reading the PDF.
 */
export async function signingPageImage(db: DbOrTx, signatoryId: string, page: number, width: PageImageWidth, context: { ip: string | null }): Promise<Buffer | null> {
  const served = await servedFile(db, signatoryId);
  if (!served) return null;
  const pageSizes = await sizesOf(served.hash);
  const size = pageSizes?.[page - 1];
  if (!size) return null;
  if (page === 1) await recordAuditEvent(db, { actorUserId: null, action: "signature.document_read", subjectType: "signatory", subjectId: signatoryId, data: { documentId: served.link.document.id, hash: served.hash, sealed: served.link.document.sealedHash !== null, picture: true }, ip: context.ip });
  const key = `${served.hash}:${page}:${width}`;
  const cached = images.get(key);
  if (cached) return cached;
  const png = await pagePng(await fileStorage().get(served.hash), page, width, size);
  remember(key, png);
  return png;
}
