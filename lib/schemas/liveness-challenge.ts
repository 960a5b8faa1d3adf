/**
 * The active liveness challenge's names and numbers, shared by the server's judgement
 * (lib/services/identity-sessions/liveness-challenge.ts) and the page's own check before it
 * captures (components/identity/liveness-rule.ts): one number, so the two cannot drift apart.
 * Browser-safe: no imports.
 *
 * After the selfie, the person turns their head and the page takes a second capture. The
 * challenge asks for a turn to either side: front cameras mirror the image on some phones and
 * not others, and a direction could not be checked reliably against that.
 */
export const LIVENESS_CHALLENGE = "turn_head";

/**
 * How far the head must turn between the two captures, in radians (~17°), on the face models'
 * yaw (@vladmandic/human's `face.rotation.angle.yaw`); the selfie must also look ahead, its yaw
 * under this in size.
 */
export const MIN_TURN = 0.3;
