import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { identitySessions, type IdentitySession, type SessionChecks } from "@/lib/db/schema";
import { humanFaceAnalyzer, FACE_MATCH_THRESHOLD, LIVE_THRESHOLD, type FaceAnalyzer, type FaceReading } from "@/lib/adapters/faces/face-analyzer";
import { voterRoll } from "@/lib/adapters/ine/configured-voter-roll";
import type { VoterRoll, VoterRollAnswer } from "@/lib/adapters/ine/voter-roll";
import { cardPhotoRegion, type IneFrontReader } from "@/lib/adapters/ocr/ine-front-reader";
import { combinedIneFrontReader } from "@/lib/adapters/ocr/paddle-front-reader";
import { frontReadingFor } from "@/lib/adapters/ocr/front-reading-pool";
import { tesseractMrzReader, type MrzReader } from "@/lib/adapters/ocr/mrz-reader";
import { RegistryRefusedError, RegistryUnavailableError } from "@/lib/adapters/registry-http/post-registry";
import { curpRegistry } from "@/lib/adapters/renapo/configured-curp-registry";
import { isCurrentCurpStatus, type CurpRegistry, type CurpRegistryAnswer } from "@/lib/adapters/renapo/curp-registry";
import { fileStorage } from "@/lib/adapters/storage/storage";
import type { FileStorage } from "@/lib/adapters/storage/file-storage";
import { crossCheckIdentity } from "@/lib/mx/identity-cross-checks";
import type { IneFront } from "@/lib/mx/ine-front";
import { parseIneMrz, type MrzRead } from "@/lib/mx/ine-mrz";
import { failSession, moveSession } from "./move-session";
import { judgeValidations, sessionResult, type SessionFindings } from "./score-session";
import { challengePassed } from "./liveness-challenge";

/** A registry that cannot answer is asked again this many times (by the job's retries), then FAILED. */
export const CHECK_MAX_ATTEMPTS = 4;

export type CheckDeps = {
  frontReader: IneFrontReader;
  mrzReader: MrzReader;
  faces: FaceAnalyzer;
  curpRegistry: CurpRegistry;
  voterRoll: VoterRoll;
  storage: FileStorage;
  now: () => Date;
};

export type CheckOutcome = { kind: "finished"; result: number } | { kind: "failed"; reason: string } | { kind: "already-done" } | { kind: "retry"; error: Error };

/**
 * The checks job for one session in VERIFYING: read the card (front OCR, back MRZ), compare the
 * card's face with the selfie, judge the liveness capture, ask RENAPO and the voter roll, cross-check
 * every source, and finish with `result` and all the evidence in one status change (its webhook
 * carries it). A small front the capture read whole is not read again (frontOf). Reading is
 * deterministic, so a retry reads again rather than keeping anything half-done; only a registry
 * that does not answer makes a retry, and after CHECK_MAX_ATTEMPTS the session is FAILED with
 * result 0, as a process that could not complete.
 */
export async function checkSession(db: DbOrTx, id: string, deps: CheckDeps = defaultCheckDeps()): Promise<CheckOutcome> {
  const [session] = await db
    .update(identitySessions)
    .set({ attempts: sql`${identitySessions.attempts} + 1` })
    .where(and(eq(identitySessions.id, id), eq(identitySessions.status, "VERIFYING")))
    .returning();
  if (!session) return { kind: "already-done" };

  const files = session.files;
  if (!files.ine_front || !files.ine_back || !files.selfie) return fail(db, session, "missing_images", deps.now());
  const [frontImage, backImage, selfieImage, turnedImage] = await Promise.all([
    deps.storage.get(files.ine_front),
    deps.storage.get(files.ine_back),
    deps.storage.get(files.selfie),
    files.liveness ? deps.storage.get(files.liveness) : Promise.resolve(null),
  ]);

  const now = deps.now();
  const { words, front } = await frontOf(session, frontImage, deps.frontReader);
  const mrz = parseIneMrz(await deps.mrzReader.read(backImage), now);
  const cropped = await deps.faces.read(await cardPhotoRegion(frontImage));
  const cardFace = cropped.face ? cropped : await deps.faces.read(frontImage);
  const selfieFace = await deps.faces.read(selfieImage);
  const turnedFace = turnedImage ? await deps.faces.read(turnedImage) : null;

  const errors: string[] = [];
  let renapo: CurpRegistryAnswer | null = null;
  let roll: VoterRollAnswer | null = null;
  try {
    if (front.curp) renapo = await deps.curpRegistry.lookUp(front.curp);
    if (mrz.ok && session.validations.includes("INE")) {
      roll = await deps.voterRoll.check({
        cic: mrz.mrz.cic,
        identificador_ciudadano: mrz.mrz.identificadorCiudadano,
        ocr: mrz.mrz.ocr,
        clave_elector: front.clave_elector,
        numero_emision: front.num_emisiones,
      });
    }
  } catch (err) {
    if (err instanceof RegistryUnavailableError) {
      if (session.attempts < CHECK_MAX_ATTEMPTS) return { kind: "retry", error: err };
      return fail(db, session, "registro_no_disponible", now);
    }
    if (!(err instanceof RegistryRefusedError)) throw err;
    // A registry that refuses our request (credentials, a malformed field) will refuse it again:
    // the check it serves fails, with the reason kept.
    errors.push(`registro_rechazo: ${err.message}`);
  }

  const person = renapo?.persona ?? null;
  const verifications = crossCheckIdentity({
    curp: front.curp,
    front:
      front.nombres && front.primer_apellido && front.segundo_apellido
        ? { ...front, nombres: front.nombres, primer_apellido: front.primer_apellido, segundo_apellido: front.segundo_apellido }
        : null,
    mrz: mrz.ok ? mrz.mrz : null,
    renapo: person,
  });
  const similarity = cardFace.face && selfieFace.face ? await deps.faces.similarity(cardFace.face.embedding, selfieFace.face.embedding) : null;
  const liveness = session.validations.includes("LIVENESS_DETECTION") ? await judgeLiveness(session.livenessChallenge, selfieFace, turnedFace, deps.faces) : null;

  const findings: SessionFindings = {
    mrzValid: mrz.ok,
    cardCurrent: mrz.ok && mrz.mrz.expiry >= now.toISOString().slice(0, 10),
    voterRoll: roll?.estado ?? null,
    faceMatch: similarity !== null && similarity >= FACE_MATCH_THRESHOLD && selfieFace.faces === 1,
    renapoCurrent: person !== null && isCurrentCurpStatus(person.estatus_curp),
    liveness: liveness?.passed ?? false,
    verifications,
  };
  const outcomes = judgeValidations(session.validations, findings);
  const result = sessionResult(outcomes);
  const checks: SessionChecks = {
    checked_at: now.toISOString(),
    outcomes,
    mrz: { valid: mrz.ok, reason: mrz.ok ? null : mrz.reason, lines: mrz.lines },
    front_words: words,
    face: {
      similarity,
      threshold: FACE_MATCH_THRESHOLD,
      card_faces: cardFace.faces,
      selfie_faces: selfieFace.faces,
      live: selfieFace.face?.live ?? null,
      real: selfieFace.face?.real ?? null,
    },
    liveness,
    errors,
  };
  const moved = await moveSession(db, session.id, {
    from: ["VERIFYING"],
    to: "FINISHED",
    result,
    now,
    evidence: {
      documentData: { cic: mrz.ok ? mrz.mrz.cic : null, curp: front.curp, id_ciudadano: mrz.ok ? mrz.mrz.identificadorCiudadano : null },
      ocr: { ocr_frontal: front, ocr_reverso: { mrz: mrzLines(mrz) } },
      verifications,
      ine: roll ? { ...roll } : null,
      renapo: renapo ? { ...renapo } : null,
      checks,
    },
  });
  return moved ? { kind: "finished", result } : { kind: "already-done" };
}

/**
 * The front's fields and how many words its first pass read: as the capture read them when it
 * read this very file whole (a small or blurred card, read to decide whether to take it: capture-session-file)
 * with a reader of this version, else read now. Only the capture writes that read, and every
 * front captured replaces it; a reader upgraded since reads the card again.
 */
async function frontOf(session: IdentitySession, image: Uint8Array, reader: IneFrontReader): Promise<{ words: number; front: IneFront }> {
  const kept = session.frontRead;
  if (kept && kept.sha256 === session.files.ine_front && reader.version && kept.reader === reader.version) return { words: kept.words, front: kept.front };
  // A job: it waits its turn in the front reading pool's line, however long.
  const { words, front } = await frontReadingFor(reader, { waitsInLine: true }).readWhole(image);
  return { words: words.length, front };
}

const mrzLines = (mrz: MrzRead) => (mrz.lines.length ? mrz.lines : null);

/**
 * Active liveness: the selfie looks at the camera, the second capture turned the head the way the
 * challenge asked, both are the same face, and the passive model finds a live capture.
 */
async function judgeLiveness(challenge: string | null, selfie: FaceReading, turned: FaceReading | null, faces: FaceAnalyzer): Promise<NonNullable<SessionChecks["liveness"]>> {
  const reasons: string[] = [];
  if (!selfie.face) reasons.push("sin_rostro_en_selfie");
  if (!turned?.face) reasons.push("sin_captura_de_reto");
  const same = selfie.face && turned?.face ? (await faces.similarity(selfie.face.embedding, turned.face.embedding)) >= FACE_MATCH_THRESHOLD : false;
  if (selfie.face && turned?.face && !same) reasons.push("reto_con_otro_rostro");
  if (selfie.face && turned?.face && !challengePassed(challenge, selfie.face.yaw, turned.face.yaw)) reasons.push("reto_no_cumplido");
  if (selfie.face && selfie.face.live < LIVE_THRESHOLD) reasons.push("captura_no_viva");
  return {
    challenge,
    passed: reasons.length === 0,
    yaw_selfie: degrees(selfie.face?.yaw),
    yaw_turned: degrees(turned?.face?.yaw),
    live: selfie.face?.live ?? null,
    reasons,
  };
}

// Stored in degrees, for the reviewer; the models and the rule work in radians.
const degrees = (radians: number | undefined) => (radians === undefined ? null : Math.round((radians * 1800) / Math.PI) / 10);

async function fail(db: DbOrTx, session: IdentitySession, reason: string, now: Date): Promise<CheckOutcome> {
  await failSession(db, session.id, { from: ["VERIFYING"], reason, now });
  return { kind: "failed", reason };
}

export function defaultCheckDeps(): CheckDeps {
  return {
    frontReader: combinedIneFrontReader,
    mrzReader: tesseractMrzReader,
    faces: humanFaceAnalyzer,
    curpRegistry: curpRegistry(),
    voterRoll: voterRoll(),
    storage: fileStorage(),
    now: () => new Date(),
  };
}
