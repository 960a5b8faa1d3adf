import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { identitySessions, storedFiles, type SessionFileKind, type SessionFrontRead } from "@/lib/db/schema";
import { humanFaceAnalyzer, type FaceAnalyzer } from "@/lib/adapters/faces/face-analyzer";
import { judgedOnItsRead, MIN_READ_WIDTH, readProblem } from "@/lib/adapters/ocr/front-picture";
import { frontReadingFor } from "@/lib/adapters/ocr/front-reading-pool";
import type { IneFrontReader } from "@/lib/adapters/ocr/ine-front-reader";
import { combinedIneFrontReader } from "@/lib/adapters/ocr/paddle-front-reader";
import type { FrontReadWhole } from "@/lib/adapters/ocr/read-ine-front";
import { tesseractMrzReader, type MrzReader } from "@/lib/adapters/ocr/mrz-reader";
import { fileStorage } from "@/lib/adapters/storage/storage";
import type { FileStorage } from "@/lib/adapters/storage/file-storage";
import { AppError } from "@/lib/errors";
import { hasIneMrz, ineFrontLabels, MIN_FRONT_LABELS } from "@/lib/mx/ine-labels";
import { parseIneMrz } from "@/lib/mx/ine-mrz";
import { MAX_IMAGE_PIXELS, untrustedImage } from "@/lib/adapters/image-input";
import { unlessReadingBusy } from "@/lib/services/validations/front-reading-busy";
import { imageInfo, megapixels } from "@/lib/services/validations/store-card-image";
import { failSession } from "./move-session";
import { sessionByFormToken } from "./verification-form";

export const MAX_CAPTURE_BYTES = 10 * 1024 * 1024;
/** Unreadable captures a session takes (all steps together) before it FAILS. */
export const MAX_REFUSED_CAPTURES = 10;
/**
 * Long side, in pixels, below which the text or the face cannot be read reliably. The front's is
 * the card's own limit (front-picture.ts: the card is found and measured in the picture, and the
 * reader enlarges it); a picture smaller than that cannot hold a card wide enough.
 */
const MIN_SIDE: Record<SessionFileKind, number> = { ine_front: MIN_READ_WIDTH, ine_back: 800, selfie: 480, liveness: 480 };

export type CaptureDeps = { storage: FileStorage; faces: FaceAnalyzer; mrzReader: MrzReader; frontReader: IneFrontReader; now: () => Date };

/**
 * Why a capture was refused, as kept with a session that FAILED for unreadable captures: the
 * review names the photo and the cause (identityReview.reason_<code>), not only "unreadable".
 */
export const CAPTURE_REFUSALS = {
  frontNoLabels: "frente_sin_textos_ine",
  backAsFront: "frente_es_reverso",
  backNoMrz: "reverso_sin_mrz",
  noFace: "rostro_no_encontrado",
  manyFaces: "varios_rostros",
  frontNoCard: "frente_sin_credencial",
  frontTooSmall: "frente_muy_pequeno",
  frontBlurred: "frente_borroso",
} as const;
type Refusal = { error: AppError; cause: (typeof CAPTURE_REFUSALS)[keyof typeof CAPTURE_REFUSALS] };
/** A front read whole to judge it (a small card's), kept for the checks. */
type FrontRead = FrontReadWhole;

/**
 * One capture from the verification page (INE front, back, selfie, or the liveness turn),
 * checked before it is kept so the person can retake it at once, with a message that says what
 * to do: the front must show an INE's printed labels and no MRZ, the back's MRZ must read with
 * every check digit right, a selfie must hold exactly one face. Only an OPEN, unexpired session takes captures; a retake replaces the earlier one; after
 * MAX_REFUSED_CAPTURES unreadable ones the session FAILS.
 */
export async function captureSessionFile(db: DbOrTx, token: string, kind: SessionFileKind, bytes: Uint8Array, deps: CaptureDeps = defaultCaptureDeps()) {
  const session = await sessionByFormToken(db, token);
  if (session.status !== "OPEN" || session.expiresAt <= deps.now()) throw new AppError("CONFLICT", "Esta verificación ya no recibe fotos.");
  if (kind === "liveness" && !session.validations.includes("LIVENESS_DETECTION")) throw new AppError("CONFLICT", "Esta verificación no pide prueba de vida.");
  if (bytes.byteLength > MAX_CAPTURE_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", "La foto pesa más de 10 MB; tómala de nuevo con menor resolución.");

  if (bytes.byteLength === 0) throw new AppError("INVALID", "No recibimos ninguna foto; tómala de nuevo.", { [kind]: ["the body is empty: send the image"] });
  const image = await imageInfo(bytes);
  if (!image) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Envía una foto JPEG, PNG o WebP.");
  if (image.pixels > MAX_IMAGE_PIXELS) throw new AppError("INVALID", `La foto tiene demasiados píxeles (${megapixels(image.pixels)} MP); tómala de nuevo con menor resolución.`, { [kind]: [`at most ${megapixels(MAX_IMAGE_PIXELS)} MP`] });
  const type = image.contentType;
  const side = image.longSide;
  if (side < MIN_SIDE[kind]) throw new AppError("INVALID", `La foto es muy pequeña (${side} px); acércate o usa la cámara trasera.`, { [kind]: [`at least ${MIN_SIDE[kind]} px on the long side`] });

  const { refusal, read } = kind === "ine_front" ? await unlessReadingBusy(frontReadability(bytes, deps)) : { refusal: await readability(kind, bytes, deps), read: null };
  if (refusal) {
    await refuse(db, session.id, refusal.cause, deps.now());
    throw refusal.error;
  }

  const stored = await deps.storage.put(bytes);
  await db.insert(storedFiles).values({ sha256: stored.sha256, size: stored.size, contentType: type }).onConflictDoNothing();
  const [updated] = await db
    .update(identitySessions)
    .set({ files: sql`${identitySessions.files} || ${JSON.stringify({ [kind]: stored.sha256 })}::jsonb`, ...(kind === "ine_front" && { frontRead: keptRead(stored.sha256, read, deps.frontReader) }), updatedAt: deps.now() })
    .where(and(eq(identitySessions.id, session.id), eq(identitySessions.status, "OPEN")))
    .returning({ id: identitySessions.id });
  if (!updated) throw new AppError("CONFLICT", "Esta verificación ya no recibe fotos.");
  return { kind, stored: true };
}

/**
 * The front's read as the checks may use it (check-session) instead of reading the card again:
 * with the file it read and the reader's version. Every front captured replaces it, with null
 * when that front was not read whole (a card wide enough is only looked at for its labels).
 */
function keptRead(sha256: string, read: FrontRead | null, reader: IneFrontReader): SessionFrontRead | null {
  return read && reader.version ? { sha256, reader: reader.version, words: read.words.length, front: read.front } : null;
}

/**
 * Why the capture cannot be used, or null. The field error is a fixed English sentence per cause:
 * the page shows its own text for it in the person's language (components/identity/capture-refusal).
 */
async function readability(kind: Exclude<SessionFileKind, "ine_front">, bytes: Uint8Array, deps: CaptureDeps): Promise<Refusal | null> {
  if (kind === "ine_back") {
    const mrz = parseIneMrz(await deps.mrzReader.read(bytes), deps.now());
    if (!mrz.ok) {
      const error = new AppError("INVALID", "No pudimos leer las tres líneas de abajo del reverso. Toma la foto de nuevo: de frente, con buena luz y sin reflejos.", { ine_back: [`no MRZ read: ${mrz.reason}`] });
      return { error, cause: CAPTURE_REFUSALS.backNoMrz };
    }
  }
  if (kind === "selfie" || kind === "liveness") {
    const reading = await deps.faces.read(bytes);
    if (reading.faces === 0) return { error: new AppError("INVALID", "No encontramos tu rostro. Mira a la cámara con buena luz y sin lentes oscuros.", { [kind]: ["no face found"] }), cause: CAPTURE_REFUSALS.noFace };
    if (reading.faces > 1) return { error: new AppError("INVALID", "Aparece más de una persona. Toma la foto tú solo.", { [kind]: ["more than one face"] }), cause: CAPTURE_REFUSALS.manyFaces };
  }
  return null;
}

const PICTURE_REFUSALS = { no_card: CAPTURE_REFUSALS.frontNoCard, card_too_small: CAPTURE_REFUSALS.frontTooSmall, blurred: CAPTURE_REFUSALS.frontBlurred } as const;

/**
 * A front must be a card the reader can read (found in the picture, wide enough, sharp enough:
 * front-picture.ts), show the card's printed labels (NOMBRE, CLAVE DE ELECTOR…) and no MRZ. A card held
 * upside down is read again turned 180° (a second, short OCR pass, only when the first found too
 * little). A card photographed a quarter turned needs no pass of its own: Tesseract's layout
 * analysis reads a card turned 90° clockwise as vertical lines of text, labels and all, and one
 * turned 270° becomes that after the 180° pass (captures.int.test.ts sends both).
 * The picture is decoded, and the card found and read, in the front reading pool's thread.
 */
async function frontReadability(picture: Uint8Array, deps: CaptureDeps): Promise<{ refusal: Refusal | null; read: FrontRead | null }> {
  const reading = frontReadingFor(deps.frontReader);
  const { found, problem } = await reading.check(picture);
  const refused = (p: NonNullable<typeof problem>) => ({ refusal: { error: new AppError("INVALID", p.message, { ine_front: [p.detail] }), cause: PICTURE_REFUSALS[p.cause] }, read: null });
  if (problem) return refused(problem);
  // A card under front-picture's MIN_CARD_WIDTH, or blurred, is read whole now, as the checks will
  // read it, and taken as readProblem says: under MIN_TAKEN_WIDTH or blurred, only where its CURP
  // or clave agrees with its names, birth date and sex (a back has neither); wider, where its names
  // were read. Its small labels would not pass the label count below.
  // The read is kept with the capture: the checks use it rather than read the card again.
  if (judgedOnItsRead(found)) {
    const read = await reading.readWhole(picture, found);
    // A back's names are no front's (the read of its words finds some by where a front prints them).
    if (hasIneMrz(read.words)) return { refusal: { error: backAsFront(), cause: CAPTURE_REFUSALS.backAsFront }, read: null };
    const late = readProblem(found, read);
    return late ? refused(late) : { refusal: null, read };
  }
  // The card as found (straight on, at the reader's size), or the picture when it is the card.
  const bytes = found.by === "whole" ? picture : found.card;
  let words = await reading.readWords(bytes);
  if (!hasIneMrz(words) && ineFrontLabels(words).length < MIN_FRONT_LABELS) {
    words = await reading.readWords(await untrustedImage(bytes).rotate().rotate(180).png().toBuffer());
  }
  if (hasIneMrz(words)) {
    return { refusal: { error: backAsFront(), cause: CAPTURE_REFUSALS.backAsFront }, read: null };
  }
  if (ineFrontLabels(words).length < MIN_FRONT_LABELS) {
    const error = new AppError("INVALID", "Esta foto no parece el frente de una INE: no encontramos sus textos (NOMBRE, CLAVE DE ELECTOR…). Toma de nuevo el frente, completo y enfocado.", { ine_front: ["no INE labels found"] });
    return { refusal: { error, cause: CAPTURE_REFUSALS.frontNoLabels }, read: null };
  }
  return { refusal: null, read: null };
}

/**
 * Counts an unreadable capture. At MAX_REFUSED_CAPTURES the process cannot complete: the session
 * becomes FAILED (result 0, its webhook) and the person is told to ask for a new link; the last
 * refusal's cause is kept beside the reason, so the review says which photo could not be used.
 */
async function refuse(db: DbOrTx, id: string, cause: Refusal["cause"], now: Date): Promise<void> {
  const [row] = await db
    .update(identitySessions)
    .set({ refusedCaptures: sql`${identitySessions.refusedCaptures} + 1` })
    .where(and(eq(identitySessions.id, id), eq(identitySessions.status, "OPEN")))
    .returning({ refused: identitySessions.refusedCaptures });
  if (!row || row.refused < MAX_REFUSED_CAPTURES) return;
  await failSession(db, id, { from: ["OPEN"], reason: "documentos_ilegibles", cause, now });
  throw new AppError("CONFLICT", `No pudimos leer tus fotos después de ${MAX_REFUSED_CAPTURES} intentos y la verificación se cerró. Pide un enlace nuevo a quien te la envió.`);
}

export function defaultCaptureDeps(): CaptureDeps {
  return { storage: fileStorage(), faces: humanFaceAnalyzer, mrzReader: tesseractMrzReader, frontReader: combinedIneFrontReader, now: () => new Date() };
}

const backAsFront = () =>
  new AppError("INVALID", "Enviaste el reverso como frente: esta foto tiene las líneas de abajo del reverso. Toma ahora el frente, el lado con tu foto y tu nombre.", { ine_front: ["an MRZ (IDMEX…) is on it: this is the back"] });
