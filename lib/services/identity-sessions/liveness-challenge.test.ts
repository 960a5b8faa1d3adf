import { describe, expect, it } from "vitest";
import { LIVENESS_CHALLENGE, MIN_TURN } from "@/lib/schemas/liveness-challenge";
import { challengePassed } from "./liveness-challenge";

describe("the liveness turn", () => {
  it("passes when the selfie looks ahead and the second capture turned the head far enough, to either side", () => {
    expect(challengePassed(LIVENESS_CHALLENGE, 0.05, 0.05 + MIN_TURN)).toBe(true);
    expect(challengePassed(LIVENESS_CHALLENGE, -0.1, -0.1 - MIN_TURN - 0.2)).toBe(true);
  });

  it("fails a turn that is too small, a selfie already turned, and an unknown or missing challenge", () => {
    expect(challengePassed(LIVENESS_CHALLENGE, 0, MIN_TURN - 0.01)).toBe(false);
    // A photo held at an angle for both captures: the "selfie" is already turned.
    expect(challengePassed(LIVENESS_CHALLENGE, MIN_TURN, 2 * MIN_TURN + 0.1)).toBe(false);
    expect(challengePassed("blink", 0, 0.6)).toBe(false);
    expect(challengePassed(null, 0, 0.6)).toBe(false);
  });
});
