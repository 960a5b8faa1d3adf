import { LIVENESS_CHALLENGE, MIN_TURN } from "@/lib/schemas/liveness-challenge";

/**
 * The server's judgement of the active liveness challenge: a printed photo or a replayed still
 * cannot turn. The page checks the same rule before it captures (to capture at the right moment);
 * this check, on the stored captures, is the one that decides.
 */
export function challengePassed(challenge: string | null, yawSelfie: number, yawTurned: number): boolean {
  if (challenge !== LIVENESS_CHALLENGE) return false;
  return Math.abs(yawTurned - yawSelfie) >= MIN_TURN && Math.abs(yawSelfie) < MIN_TURN;
}
