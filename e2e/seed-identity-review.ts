// e2e fixture, run with tsx against the Playwright server's data folder (DATA_DIR=.data-e2e):
// an admin, a user with two identity sessions carrying every piece of evidence the checks job
// records and one still OPEN with none, and another user's session. The evidence is made here from the sandbox people (their
// cards, faces and registry answers) and the same pure rules the checks job uses, so the review
// page is tried on realistic data without waiting for that job. Prints the logins and ids as JSON.
import { eq } from "drizzle-orm";
import { renderIneBack, renderIneFront, sandboxAddress, sandboxMrz } from "@/lib/adapters/ine/sandbox-cards";
import { cardPhoto, SANDBOX_FACES, selfie } from "@/lib/adapters/ine/sandbox-faces";
import { sandboxVoterAnswer, SANDBOX_VOTERS, type SandboxVoter } from "@/lib/adapters/ine/sandbox-voters";
import { sandboxCurpAnswer } from "@/lib/adapters/renapo/sandbox-people";
import { fileStorage } from "@/lib/adapters/storage/storage";
import { getDb } from "@/lib/db/client";
import { identitySessions, storedFiles, type SessionChecks } from "@/lib/db/schema";
import { FACE_MATCH_THRESHOLD } from "@/lib/adapters/faces/face-analyzer";
import { crossCheckIdentity } from "@/lib/mx/identity-cross-checks";
import { parseIneMrz } from "@/lib/mx/ine-mrz";
import { createSessionV3Body } from "@/lib/schemas/identity-sessions";
import type { Actor } from "@/lib/services/actor";
import { createIdentitySession } from "@/lib/services/identity-sessions/create-identity-session";
import { LIVENESS_CHALLENGE } from "@/lib/schemas/liveness-challenge";
import { moveSession } from "@/lib/services/identity-sessions/move-session";
import { judgeValidations, sessionResult } from "@/lib/services/identity-sessions/score-session";
import { createUser } from "@/lib/services/users/create-user";
import { runFixture } from "./fixture-script";

const PASSWORD = "contraseña-segura-1";

async function store(bytes: Buffer, contentType: string): Promise<string> {
  const stored = await fileStorage().put(bytes);
  await getDb().insert(storedFiles).values({ sha256: stored.sha256, size: stored.size, contentType }).onConflictDoNothing();
  return stored.sha256;
}

/** A finished session about `voter`, with `similarity` as the face match found. */
async function finishedSession(owner: Actor, voter: SandboxVoter, face: (typeof SANDBOX_FACES)[number], similarity: number) {
  const session = await createIdentitySession(
    getDb(),
    owner,
    // Nobody listens there: the delivery fails and waits for its retry, so it can be redelivered.
    createSessionV3Body.parse({ validations: ["INE", "CURP", "LIVENESS_DETECTION"], webhook: "https://cliente.invalid/webhooks/identidad" }),
    { apiVersion: 3 },
  );
  const files = {
    ine_front: await store(await renderIneFront(voter, { photo: await cardPhoto(face) }), "image/jpeg"),
    ine_back: await store(await renderIneBack(voter), "image/jpeg"),
    selfie: await store(await selfie(face), "image/jpeg"),
  };
  const lines = sandboxMrz(voter);
  const mrz = parseIneMrz(lines.join("\n"));
  const ine = sandboxVoterAnswer({ cic: voter.cic, identificador_ciudadano: voter.identificador_ciudadano, ocr: null, clave_elector: null, numero_emision: null });
  const renapo = sandboxCurpAnswer(voter.curp);
  const front = {
    nombres: voter.nombres,
    primer_apellido: voter.primer_apellido,
    segundo_apellido: voter.segundo_apellido,
    nombre_completo: voter.nombre,
    curp: voter.curp,
    clave_elector: voter.clave_elector,
    fecha_nacimiento: voter.fecha_nacimiento,
    sexo: voter.sexo,
    seccion: voter.seccion,
    vigencia: voter.vigencia,
    domicilio: sandboxAddress(voter),
    anio_registro: voter.anio_registro,
    anio_emision: voter.anio_emision,
    num_emisiones: voter.numero_emision,
  };
  const verifications = crossCheckIdentity({ curp: voter.curp, front, mrz: mrz.ok ? mrz.mrz : null, renapo: renapo.persona ?? null });
  const threshold = FACE_MATCH_THRESHOLD;
  const outcomes = judgeValidations(session.validations, {
    mrzValid: mrz.ok,
    cardCurrent: Number(voter.vigencia) >= new Date().getFullYear(),
    voterRoll: ine.estado,
    faceMatch: similarity >= threshold,
    renapoCurrent: renapo.persona?.estatus_curp === "AN",
    liveness: true,
    verifications,
  });
  const checks: SessionChecks = {
    checked_at: new Date().toISOString(),
    outcomes,
    mrz: { valid: mrz.ok, reason: mrz.ok ? null : mrz.reason, lines: [...lines] },
    front_words: 58,
    face: { similarity, threshold, card_faces: 1, selfie_faces: 1, live: 0.97, real: 0.91 },
    liveness: { challenge: LIVENESS_CHALLENGE, passed: true, yaw_selfie: 2.4, yaw_turned: -27.8 /* degrees, as the checks job stores them */, live: 0.97, reasons: [] },
    errors: [],
  };
  await getDb()
    .update(identitySessions)
    .set({
      files,
      livenessChallenge: LIVENESS_CHALLENGE,
      documentData: { cic: voter.cic, curp: voter.curp, id_ciudadano: voter.identificador_ciudadano },
      ocr: { ocr_frontal: front, ocr_reverso: { mrz: [...lines] } },
      verifications,
      ine: ine as Record<string, unknown>,
      renapo: renapo as Record<string, unknown>,
      checks,
    })
    .where(eq(identitySessions.id, session.id));
  await moveSession(getDb(), session.id, { from: ["OPEN"], to: "VERIFYING", now: new Date() });
  await moveSession(getDb(), session.id, { from: ["VERIFYING"], to: "FINISHED", result: sessionResult(outcomes), now: new Date() });
  return session.id;
}

runFixture(async () => {
  const tag = process.argv[2] ?? String(Date.now());
  const admin = await createUser(getDb(), { name: "Revisora Íñiguez", email: `revisora.${tag}@example.com`, password: PASSWORD, role: "admin" });
  const owner = await createUser(getDb(), { name: "Integradora Peña", email: `integradora.${tag}@example.com`, password: PASSWORD, role: "user" });
  const actor: Actor = { userId: owner.id, role: "user", locale: "es", via: "apiKey" };
  const open = await createIdentitySession(getDb(), actor, createSessionV3Body.parse({}), { apiVersion: 3 });
  // José Ángel Núñez: current in the voter roll, his own face; Luis Alberto Ramírez: reported card, another face.
  const passed = await finishedSession(actor, SANDBOX_VOTERS[1]!, SANDBOX_FACES[1]!, 0.82);
  const failed = await finishedSession(actor, SANDBOX_VOTERS[3]!, SANDBOX_FACES[3]!, 0.31);
  // Another company's session: the owner above must not see it.
  const stranger = await createUser(getDb(), { name: "Otra Empresa", email: `otra.${tag}@example.com`, password: PASSWORD, role: "user" });
  const foreign = await finishedSession({ userId: stranger.id, role: "user", locale: "es", via: "apiKey" }, SANDBOX_VOTERS[0]!, SANDBOX_FACES[0]!, 0.77);
  console.log(
    JSON.stringify({ admin: { email: admin.email, password: PASSWORD }, owner: { email: owner.email, id: owner.id, password: PASSWORD }, sessions: { open: open.id, passed, failed, foreign } }),
  );
});
