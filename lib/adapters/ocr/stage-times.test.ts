import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { cardRegion } from "./ine-front-reader";
import { tally, timed, withStageTimes } from "./stage-times";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("stage times (bench:identity --stages)", () => {
  it("adds up each stage's time and calls inside withStageTimes, and keeps two reads apart", async () => {
    const [a, b] = await Promise.all([
      withStageTimes(async () => {
        await timed("detect", () => wait(20));
        await timed("detect", () => wait(20));
        tally("pass 2 added");
        return "a";
      }),
      withStageTimes(() => timed("recognise", () => wait(5))),
    ]);
    expect(a.value).toBe("a");
    expect(a.stages.get("detect")?.calls).toBe(2);
    expect(a.stages.get("detect")?.ms).toBeGreaterThanOrEqual(35);
    expect(a.stages.get("pass 2 added")).toEqual({ ms: 0, calls: 1 });
    expect([...b.stages.keys()]).toEqual(["recognise"]);
  });

  it("outside withStageTimes only runs the work", async () => {
    expect(await timed("detect", async () => 7)).toBe(7);
    expect(() => tally("nothing")).not.toThrow();
  });
});

describe("cardRegion: made once per picture and pass", () => {
  it("gives the same region again for the same picture and options, another for other options", async () => {
    const picture = await sharp({ create: { width: 400, height: 252, channels: 3, background: "#d8c8a8" } }).png().toBuffer();
    const first = await cardRegion(picture, { width: 1012, turn: 0 });
    // Without the cache every pass decoded, trimmed and resized the picture anew.
    expect(await cardRegion(picture, { width: 1012 })).toBe(first);
    const thresholded = await cardRegion(picture, { width: 1012, threshold: 140 });
    expect(thresholded).not.toBe(first);
    expect((await sharp(first).metadata()).width).toBe(1012);
  });
});
