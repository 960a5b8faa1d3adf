import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { documents, signatories } from "@/lib/db/schema";
import { fileStorage } from "@/lib/adapters/storage/storage";
import { recordAuditEventLater } from "@/lib/services/audit/record-audit-event-later";
import { displayedPageSizes, pagePng, pagePngs, type PageSize } from "@/lib/pdf/page-raster";
import type { EngineFailure, PictureRequest } from "@/lib/pdf/pdf-engine";
import { PAGE_IMAGE_WIDTHS, type PageImageWidth } from "@/lib/schemas/page-images";
import type { UploadedPdf } from "@/lib/services/documents/read-uploaded-pdf";
import { currentFile } from "@/lib/services/documents/document-state";
import { linkShowsDocument, type SigningLink } from "./signing-link-state";

// The signing page shows the document as pictures drawn here: a phone sees the first page
// without downloading a PDF viewer. The browser picks a width by its screen (srcset).

// Files are immutable by hash, so their pictures can be kept; a few dozen megabytes at most.
const MAX_CACHED_BYTES = 48 * 1024 * 1024;
const images = new Map<string, Buffer>();
let cachedBytes = 0;
const sizes = new Map<string, Promise<PageSize[] | null>>();
// A page the engine could not draw (out of time or memory, damaged) fails the same way next
// time: it is remembered, so asking again costs nothing instead of another full attempt.
const failures = new Map<string, EngineFailure["problem"]>();
const MAX_KEPT = 2000;
// Issue 63: a file whose pages keep running out of the engine's time or memory (a stream bomb
// behind a light first page) is given up after UNRENDERABLE_AFTER such pages: its pictures then
// answer at once, and its renders still waiting or running are stopped (its signal aborts).
export const UNRENDERABLE_AFTER = 3;
const overLimitPages = new Map<string, number>();
const stops = new Map<string, AbortController>();

const isUnrenderable = (hash: string) => (overLimitPages.get(hash) ?? 0) >= UNRENDERABLE_AFTER;

function stopOf(hash: string): AbortController {
  let stop = stops.get(hash);
  if (!stop) keepBounded(stops, hash, (stop = new AbortController()));
  return stop;
}

function countOverLimit(hash: string, problem: EngineFailure["problem"]) {
  if (problem !== "too-slow" && problem !== "too-much-memory") return;
  keepBounded(overLimitPages, hash, (overLimitPages.get(hash) ?? 0) + 1);
  if (isUnrenderable(hash)) stops.get(hash)?.abort();
}

function keepBounded<K, V>(map: Map<K, V>, key: K, value: V) {
  map.set(key, value);
  if (map.size > MAX_KEPT) map.delete(map.keys().next().value!);
}

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

/**
 * The file a signer reads: the original until sealed, then the sealed one (with its sheet); null
 * for an unknown link or one that no longer shows the document. One narrow query (not
 * loadSigningLink's signer list, owner and brand): every picture of every page asks it.
 */
async function servedFile(db: DbOrTx, signatoryId: string) {
  const [row] = await db
    .select({ removedAt: signatories.removedAt, documentId: documents.id, ownerUserId: documents.ownerUserId, signStatus: documents.signStatus, originalHash: documents.originalHash, sealedHash: documents.sealedHash })
    .from(signatories)
    .innerJoin(documents, eq(documents.id, signatories.documentId))
    .where(eq(signatories.id, signatoryId));
  if (!row || !linkShowsDocument({ removedAt: row.removedAt }, { signStatus: row.signStatus })) return null;
  return { documentId: row.documentId, ownerUserId: row.ownerUserId, ...currentFile(row) };
}

function sizesOf(hash: string): Promise<PageSize[] | null> {
  let known = sizes.get(hash);
  if (!known) {
    // Measured by the engine in a worker thread: a file of many pages no longer holds the server.
    known = fileStorage()
      .get(hash)
      .then((bytes) => displayedPageSizes(bytes))
      .catch(() => null);
    keepBounded(sizes, hash, known);
  }
  return known;
}

/**
 * What an upload already measured and drew (lib/services/documents/read-uploaded-pdf.ts): its
 * page sizes, and the first page at every width, made in the background (pagePngs: drawn at each
 * width, not scaled down), so the signer's first screen finds its picture ready. Resolves when
 * they are kept.
 */
export async function keepUploadedPictures(hash: string, pdf: Pick<UploadedPdf, "bytes" | "pageSizes" | "firstPage">): Promise<void> {
  if (!pdf.pageSizes) return;
  keepBounded(sizes, hash, Promise.resolve(pdf.pageSizes));
  if (!pdf.firstPage) return;
  try {
    for (const [width, picture] of await pagePngs(pdf.bytes, 1, PAGE_IMAGE_WIDTHS, pdf.firstPage, hash)) {
      const key = `${hash}:1:${width}`;
      if (picture.ok && !images.has(key)) remember(key, picture.png);
    }
  } catch {
    // a picture not made here is drawn when asked for
  }
}

/**
 * Each page's displayed size (points) of the file a loaded link shows, for the page to reserve each
 * picture's space; null when the link was removed or the pictures cannot be drawn here (the page
 * then uses the browser's PDF viewer).
 */
export async function signingPageSizes(link: Pick<SigningLink, "signer" | "document">): Promise<PageSize[] | null> {
  return linkShowsDocument(link.signer, link.document) ? sizesOf(currentFile(link.document).hash) : null;
}

export type SigningPagePicture = { ok: true; png: Buffer } | { ok: false; problem: "not-found" | "unrenderable" | EngineFailure["problem"] };

/**
 * One page of the file the link shows, as a PNG of one of PAGE_IMAGE_WIDTHS; "not-found" when
 * there is no such page or the link was removed, the engine's problem when the page cannot be
 * drawn within its limits ("busy" when the engine's queue has no room for it, "aborted" when
 * `signal` aborted), "unrenderable" once the file has failed that way too often. Drawn in the
 * engine's fair lane, as work of the document's owner. Reading the first page is recorded like
 * reading the PDF.
 */
export async function signingPageImage(db: DbOrTx, signatoryId: string, page: number, width: PageImageWidth, context: { ip: string | null; signal?: AbortSignal }): Promise<SigningPagePicture> {
  const served = await servedFile(db, signatoryId);
  if (!served) return { ok: false, problem: "not-found" };
  const pageSizes = await sizesOf(served.hash);
  if (!pageSizes?.[page - 1]) return { ok: false, problem: "not-found" };
  // Recorded after the answer: this picture is the signing page's largest paint.
  if (page === 1) recordAuditEventLater(db, { actorUserId: null, action: "signature.document_read", subjectType: "signatory", subjectId: signatoryId, data: { documentId: served.documentId, hash: served.hash, sealed: served.sealed, picture: true }, ip: context.ip });
  const key = `${served.hash}:${page}:${width}`;
  const cached = images.get(key);
  if (cached) return { ok: true, png: cached };
  if (isUnrenderable(served.hash)) return { ok: false, problem: "unrenderable" };
  const failed = failures.get(`${served.hash}:${page}`);
  if (failed) return { ok: false, problem: failed };
  const fair: PictureRequest = { tenant: served.ownerUserId, signal: context.signal ? AbortSignal.any([context.signal, stopOf(served.hash).signal]) : stopOf(served.hash).signal };
  const drawn = await pagePng(await fileStorage().get(served.hash), page, width, served.hash, fair);
  if (!drawn.ok) {
    // Stopped because the file was given up meanwhile: say so, as the next picture will.
    if (isUnrenderable(served.hash)) return { ok: false, problem: "unrenderable" };
    // Refused for lack of room, or its client left: another try may succeed.
    if (drawn.problem === "busy" || drawn.problem === "aborted") return drawn;
    keepBounded(failures, `${served.hash}:${page}`, drawn.problem);
    countOverLimit(served.hash, drawn.problem);
    return isUnrenderable(served.hash) ? { ok: false, problem: "unrenderable" } : drawn;
  }
  remember(key, drawn.png);
  return drawn;
}
