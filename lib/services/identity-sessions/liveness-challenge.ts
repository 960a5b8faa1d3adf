/**
 * The active liveness challenge: after the selfie, the person turns their head and the page takes
 * a second capture. A printed photo or a replayed still cannot turn; the server checks the turn
 * on the face models' head pose (yaw), and that both captures are the same face.
 *
 * The challenge asks for a turn to either side: front cameras mirror the image on some phones and
 * not others, and a direction could not be checked reliably against that.
 */
export const LIVENESS_CHALLENGE = "turn_head";

/** How far the head must turn between the two captures, in radians (~17°). */
export const MIN_TURN = 0.3;

export function challengePassed(challenge: string | null, yawSelfie: number, yawTurned: number): boolean {
  if (challenge !== LIVENESS_CHALLENGE) return false;
  return Math.abs(yawTurned - yawSelfie) >= MIN_TURN && Math.abs(yawSelfie) < MIN_TURN;
}
