import { describe, expect, it } from "vitest";
import { MIN_TURN } from "@/lib/schemas/liveness-challenge";
import { challengePassed } from "@/lib/services/identity-sessions/liveness-challenge";
import { AHEAD_MAX, GIVE_UP_MS, givenUp, judgeSelfie, judgeTurn, recentSamples, STEADY_MS, STEADY_SPREAD, TURN_READINGS, TURN_TARGET, type FaceSample } from "./liveness-rule";

/** Readings every `every` ms from t=0, one per yaw; `null` is a frame without a face. */
function readings(yaws: (number | null)[], every = 250, faces = 1): FaceSample[] {
  return yaws.map((yaw, i) => ({ at: i * every, faces: yaw === null ? 0 : faces, yaw }));
}

describe("the page's thresholds", () => {
  it("keep a margin inside the server's rule on both sides, from the same MIN_TURN", () => {
    expect(AHEAD_MAX).toBeLessThan(MIN_TURN);
    expect(TURN_TARGET).toBeGreaterThan(MIN_TURN);
    expect(AHEAD_MAX).toBeCloseTo(0.25);
    expect(TURN_TARGET).toBeCloseTo(0.33);
  });

  it("never pass a pair the server would refuse: a selfie the page takes and a turn it takes pass challengePassed", () => {
    for (let selfie = -AHEAD_MAX + 0.001; selfie < AHEAD_MAX; selfie += 0.01) {
      for (const side of [1, -1]) {
        expect(challengePassed("turn_head", selfie, selfie + side * TURN_TARGET), `${selfie} ${side}`).toBe(true);
      }
    }
  });
});

describe("judgeSelfie", () => {
  it("waits for a face", () => {
    expect(judgeSelfie([])).toEqual({ ready: false, hint: "noFace", turned: 0 });
    expect(judgeSelfie(readings([null, null, null]))).toMatchObject({ ready: false, hint: "noFace" });
    // A face found without a head pose counts as none.
    expect(judgeSelfie([{ at: 0, faces: 1, yaw: null }])).toMatchObject({ ready: false, hint: "noFace" });
  });

  it("refuses more than one face, however steady", () => {
    expect(judgeSelfie(readings([0, 0, 0, 0, 0], 250, 2))).toMatchObject({ ready: false, hint: "manyFaces" });
  });

  it("asks to look ahead while |yaw| is AHEAD_MAX or more, to either side", () => {
    expect(judgeSelfie(readings([0.3, 0.3, 0.3, 0.3]))).toMatchObject({ ready: false, hint: "lookAhead" });
    expect(judgeSelfie(readings([-AHEAD_MAX, -AHEAD_MAX, -AHEAD_MAX, -AHEAD_MAX]))).toMatchObject({ ready: false, hint: "lookAhead" });
    expect(judgeSelfie(readings([0.2, 0.2, 0.2, 0.2]))).toMatchObject({ ready: true });
    expect(judgeSelfie(readings([-0.2, -0.2, -0.2, -0.2]))).toMatchObject({ ready: true });
  });

  it("is ready once the face has looked ahead for STEADY_MS, not before", () => {
    expect(judgeSelfie([{ at: 0, faces: 1, yaw: 0.1 }])).toMatchObject({ ready: false, hint: "holdStill" });
    expect(judgeSelfie([{ at: 0, faces: 1, yaw: 0.1 }, { at: STEADY_MS - 1, faces: 1, yaw: 0.1 }])).toMatchObject({ ready: false, hint: "holdStill" });
    expect(judgeSelfie([{ at: 0, faces: 1, yaw: 0.1 }, { at: STEADY_MS, faces: 1, yaw: 0.1 }])).toEqual({ ready: true, hint: "ready", turned: 0 });
  });

  it("starts the wait again after a frame without a face, with two faces, or turned", () => {
    for (const bad of [{ faces: 0, yaw: null }, { faces: 2, yaw: 0 }, { faces: 1, yaw: 0.4 }]) {
      const samples: FaceSample[] = [{ at: 0, faces: 1, yaw: 0 }, { at: 250, ...bad }, { at: 500, faces: 1, yaw: 0 }, { at: 750, faces: 1, yaw: 0 }];
      expect(judgeSelfie(samples), JSON.stringify(bad)).toMatchObject({ ready: false, hint: "holdStill" });
      expect(judgeSelfie([...samples, { at: 1000, faces: 1, yaw: 0 }]), JSON.stringify(bad)).toMatchObject({ ready: true });
    }
  });

  it("waits while the head still moves: the yaw must stay within STEADY_SPREAD", () => {
    // Looking ahead all along, but sweeping from -0.2 to 0.2.
    expect(judgeSelfie(readings([-0.2, -0.1, 0, 0.1, 0.2]))).toMatchObject({ ready: false, hint: "holdStill" });
    const wobble = STEADY_SPREAD * 0.9;
    expect(judgeSelfie(readings([0.05, 0.05 + wobble, 0.05, 0.05 + wobble]))).toMatchObject({ ready: true });
    // Steady only over the last readings: ready once those alone span STEADY_MS.
    expect(judgeSelfie(readings([-0.2, 0.1, 0.1, 0.1]))).toMatchObject({ ready: true });
    expect(judgeSelfie(readings([-0.2, -0.2, 0.1, 0.1]))).toMatchObject({ ready: false, hint: "holdStill" });
  });
});

describe("judgeTurn", () => {
  it("waits for exactly one face, and shows no progress without one", () => {
    expect(judgeTurn(0.1, [])).toEqual({ ready: false, hint: "noFace", turned: 0 });
    expect(judgeTurn(0.1, readings([0.5, null]))).toEqual({ ready: false, hint: "noFace", turned: 0 });
    expect(judgeTurn(0.1, readings([0.5, 0.5], 250, 2))).toMatchObject({ ready: false, hint: "manyFaces", turned: 0 });
  });

  it("shows how far the head has turned against the selfie's yaw, to either side, up to 1", () => {
    expect(judgeTurn(0.1, readings([0.1]))).toMatchObject({ hint: "turnHead", turned: 0 });
    expect(judgeTurn(0.1, readings([0.1 + TURN_TARGET / 2])).turned).toBeCloseTo(0.5);
    expect(judgeTurn(0.1, readings([0.1 - TURN_TARGET / 2])).turned).toBeCloseTo(0.5);
    expect(judgeTurn(0.1, readings([1.2])).turned).toBe(1);
  });

  it("is ready after TURN_READINGS readings in a row at TURN_TARGET or more from the selfie, on either side", () => {
    expect(TURN_READINGS).toBe(2);
    expect(judgeTurn(0.185, readings([-0.185]))).toMatchObject({ ready: false, turned: 1 });
    expect(judgeTurn(0.185, readings([-0.185, -0.185]))).toEqual({ ready: true, hint: "ready", turned: 1 });
    expect(judgeTurn(-0.1, readings([0.25, 0.3]))).toMatchObject({ ready: true });
    expect(judgeTurn(0, readings([TURN_TARGET, -TURN_TARGET]))).toMatchObject({ ready: true });
  });

  it("is not ready just short of the target, nor on one odd reading, nor when the last reading fell back", () => {
    expect(judgeTurn(0, readings([TURN_TARGET - 0.001, TURN_TARGET - 0.001]))).toMatchObject({ ready: false });
    // The server's own limit is not enough for the page: it keeps its margin.
    expect(judgeTurn(0, readings([MIN_TURN, MIN_TURN]))).toMatchObject({ ready: false });
    expect(judgeTurn(0, readings([0, 0.5]))).toMatchObject({ ready: false });
    expect(judgeTurn(0, readings([0.5, 0.1]))).toMatchObject({ ready: false });
    expect(judgeTurn(0, readings([0.5, null]))).toMatchObject({ ready: false });
    expect(judgeTurn(0, [{ at: 0, faces: 2, yaw: 0.5 }, { at: 250, faces: 1, yaw: 0.5 }])).toMatchObject({ ready: false });
  });
});

describe("recentSamples and givenUp", () => {
  it("keep two seconds of readings", () => {
    const samples = readings([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 250);
    expect(recentSamples(samples, 3000).map((s) => s.at)).toEqual([1000, 1250, 1500, 1750, 2000, 2250, 2500, 2750, 3000]);
    expect(recentSamples([], 3000)).toEqual([]);
  });

  it("give up GIVE_UP_MS after the model was ready", () => {
    expect(givenUp(1000, 1000 + GIVE_UP_MS - 1)).toBe(false);
    expect(givenUp(1000, 1000 + GIVE_UP_MS)).toBe(true);
  });
});
