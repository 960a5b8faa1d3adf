import { MIN_TURN } from "@/lib/schemas/liveness-challenge";

/**
 * The page's own check of the liveness challenge, before it captures: from the face readings of
 * the last moments, is this the frame to take? The server judges the stored captures again with
 * the same yaw (lib/services/identity-sessions/liveness-challenge.ts) and decides; the page asks
 * for a margin on both sides of the server's limits, so a frame it takes also passes there even
 * though the server reads a JPEG of it rather than the frame itself.
 */

/** One look at a frame: the faces found (score ≥ 0.5) and the largest one's yaw, in radians. */
export type FaceSample = { at: number; faces: number; yaw: number | null };

/** The selfie looks ahead: the server wants |yaw| < MIN_TURN. */
export const AHEAD_MAX = MIN_TURN - 0.05;
/** The turn, against the selfie's yaw: the server wants at least MIN_TURN. */
export const TURN_TARGET = MIN_TURN + 0.03;
/** The selfie is taken once the face has looked ahead this long... */
export const STEADY_MS = 500;
/** ...with its yaw within this (radians): a head still moving would blur. */
export const STEADY_SPREAD = 0.06;
/** The turned capture needs this many readings in a row past the target: one odd reading is not enough. */
export const TURN_READINGS = 2;
/** No capture this long after the model is ready: the page offers its capture button instead. */
export const GIVE_UP_MS = 20_000;
/** Readings older than this are of no use to any decision above. */
const KEEP_MS = 2_000;

export type Hint = "noFace" | "manyFaces" | "lookAhead" | "holdStill" | "turnHead" | "ready";
export type Verdict = { ready: boolean; hint: Hint; /** How much of the turn is done, 0–1 (0 at the selfie step). */ turned: number };

/** The selfie step: exactly one face, looking ahead, steady for STEADY_MS. */
export function judgeSelfie(samples: readonly FaceSample[]): Verdict {
  const last = samples.at(-1);
  const off = facesHint(last);
  if (off || !last) return { ready: false, hint: off ?? "noFace", turned: 0 };
  if (!looksAhead(last)) return { ready: false, hint: "lookAhead", turned: 0 };
  // The run of readings up to the last one that look ahead and stay within STEADY_SPREAD.
  let low = last.yaw!;
  let high = last.yaw!;
  let since = last.at;
  for (let i = samples.length - 2; i >= 0; i--) {
    const s = samples[i]!;
    if (!looksAhead(s)) break;
    low = Math.min(low, s.yaw!);
    high = Math.max(high, s.yaw!);
    if (high - low > STEADY_SPREAD) break;
    since = s.at;
  }
  const ready = last.at - since >= STEADY_MS;
  return { ready, hint: ready ? "ready" : "holdStill", turned: 0 };
}

/** The turn step: exactly one face, its yaw TURN_TARGET or more from the selfie's, TURN_READINGS times in a row. */
export function judgeTurn(selfieYaw: number, samples: readonly FaceSample[]): Verdict {
  const last = samples.at(-1);
  const off = facesHint(last);
  if (off || !last) return { ready: false, hint: off ?? "noFace", turned: 0 };
  const turned = Math.min(1, Math.abs(last.yaw! - selfieYaw) / TURN_TARGET);
  const recent = samples.slice(-TURN_READINGS);
  const ready = recent.length === TURN_READINGS && recent.every((s) => s.faces === 1 && s.yaw !== null && Math.abs(s.yaw - selfieYaw) >= TURN_TARGET);
  return { ready, hint: ready ? "ready" : "turnHead", turned };
}

/** The readings still worth keeping at `now`, oldest first. */
export function recentSamples(samples: readonly FaceSample[], now: number): FaceSample[] {
  return samples.filter((s) => now - s.at <= KEEP_MS);
}

/** Whether the page should stop waiting and offer its capture button. */
export function givenUp(readySince: number, now: number): boolean {
  return now - readySince >= GIVE_UP_MS;
}

function facesHint(sample: FaceSample | undefined): Hint | null {
  if (!sample || sample.faces === 0 || sample.yaw === null) return "noFace";
  if (sample.faces > 1) return "manyFaces";
  return null;
}

function looksAhead(s: FaceSample): boolean {
  return s.faces === 1 && s.yaw !== null && Math.abs(s.yaw) < AHEAD_MAX;
}
