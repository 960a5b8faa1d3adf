import type { DbOrTx } from "@/lib/db/client";
import type { SessionFileKind } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { enqueue } from "@/lib/jobs/queue";
import { moveSession } from "./move-session";
import { sessionByFormToken } from "./verification-form";

const NAMES: Record<SessionFileKind, string> = { ine_front: "el frente de la INE", ine_back: "el reverso de la INE", selfie: "la selfie", liveness: "la prueba de vida" };

/**
 * The page's last step: with every capture the session needs, OPEN → VERIFYING and the checks
 * job queued in the same transaction (a crash leaves neither or both). Sending twice is harmless:
 * the second finds the session already VERIFYING and answers its state.
 */
export async function submitSession(db: DbOrTx, token: string, now = new Date()) {
  const session = await sessionByFormToken(db, token);
  if (session.status !== "OPEN") return { status: session.status };
  if (session.expiresAt <= now) throw new AppError("CONFLICT", "Esta verificación expiró. Pide un enlace nuevo.");
  const needed: SessionFileKind[] = ["ine_front", "ine_back", "selfie", ...(session.validations.includes("LIVENESS_DETECTION") ? (["liveness"] as const) : [])];
  const missing = needed.filter((kind) => !session.files[kind]);
  if (missing.length) {
    throw new AppError("INVALID", `Falta ${missing.map((k) => NAMES[k]).join(", ")}.`, Object.fromEntries(missing.map((k) => [k, ["required"]])));
  }
  return db.transaction(async (tx) => {
    const moved = await moveSession(tx, session.id, { from: ["OPEN"], to: "VERIFYING", now });
    if (!moved) return { status: "VERIFYING" as const };
    await enqueue("check-identity-session", { sessionId: session.id }, { singletonKey: session.id }, tx);
    return { status: moved.status };
  });
}
