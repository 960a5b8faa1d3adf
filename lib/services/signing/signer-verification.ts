import { desc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { identitySessions, type IdentitySession, type Signatory } from "@/lib/db/schema";
import type { PersonNames } from "@/lib/mx/identity-cross-checks";
import { signerMatchesIdentity } from "@/lib/mx/signer-identity";
import { verificationUrl } from "@/lib/services/identity-sessions/session-format";

/**
 * Where a RUBRICA signer stands with their identity verification, from the sessions they opened
 * on the signing page (the newest decides):
 * - NOT_STARTED: none yet;
 * - OPEN: the verification page is waiting for them (its link is given back);
 * - VERIFYING: the checks are running;
 * - VERIFIED: FINISHED with result 100, and the person is the signatory (lib/mx/signer-identity:
 *   the name the owner typed, and the RFC's first ten characters when the owner gave one);
 * - MISMATCH: verified, but as someone else than the signatory the owner named;
 * - FAILED: FAILED, below 100, or abandoned past its expiry.
 * Each new verification spends one of the owner's transactions, so a signer gets a few tries.
 */
export const MAX_SIGNER_VERIFICATIONS = 3;

export type SignerVerificationState = "NOT_STARTED" | "OPEN" | "VERIFYING" | "VERIFIED" | "MISMATCH" | "FAILED";

export type SignerVerification = {
  state: SignerVerificationState;
  session: IdentitySession | null;
  /** The verified person, when the newest session finished with 100. */
  person: (PersonNames & { curp: string | null; full_name: string }) | null;
  attemptsLeft: number;
};

/** The signer's sessions, newest first. */
export function signerSessions(db: DbOrTx, signatoryId: string): Promise<IdentitySession[]> {
  return db.select().from(identitySessions).where(eq(identitySessions.signatoryId, signatoryId)).orderBy(desc(identitySessions.createdAt));
}

export function signerVerification(signer: Pick<Signatory, "name" | "curp" | "rfc">, sessions: IdentitySession[], now = new Date()): SignerVerification {
  const attemptsLeft = Math.max(0, MAX_SIGNER_VERIFICATIONS - sessions.length);
  const session = sessions[0] ?? null;
  const base = { session, person: null, attemptsLeft };
  if (!session) return { ...base, state: "NOT_STARTED" };
  if (session.status === "OPEN") return { ...base, state: session.expiresAt > now ? "OPEN" : "FAILED" };
  if (session.status === "VERIFYING") return { ...base, state: "VERIFYING" };
  if (session.status !== "FINISHED" || session.result !== 100) return { ...base, state: "FAILED" };
  const person = verifiedPerson(session);
  if (!person) return { ...base, state: "FAILED" };
  const match = signerMatchesIdentity(signer, person);
  return { ...base, person, state: match.matches ? "VERIFIED" : "MISMATCH" };
}

/**
 * Who the session verified: RENAPO's record when it answered (the authority on names), else
 * what the card's front reads; the CURP read from the card (RENAPO confirmed it for result 100).
 */
function verifiedPerson(session: IdentitySession): SignerVerification["person"] {
  const renapo = (session.renapo as { persona?: PersonNames | null } | null)?.persona;
  const front = session.ocr?.ocr_frontal;
  const names: PersonNames | null = renapo
    ? renapo
    : front?.nombres && front.primer_apellido
      ? { nombres: front.nombres, primer_apellido: front.primer_apellido, segundo_apellido: front.segundo_apellido ?? "" }
      : null;
  if (!names) return null;
  const full_name = [names.nombres, names.primer_apellido, names.segundo_apellido].filter(Boolean).join(" ");
  return { ...names, curp: session.documentData?.curp ?? null, full_name };
}

/** The view's part for the signing page: what it needs to route the signer to the right step. */
export function signerVerificationView(verification: SignerVerification) {
  const { state, session, person } = verification;
  return {
    state,
    result: session?.result ?? null,
    verification_url: state === "OPEN" && session ? verificationUrl(session) : null,
    verified_name: person?.full_name ?? null,
    verified_curp: person?.curp ?? null,
    attempts_left: verification.attemptsLeft,
  };
}
