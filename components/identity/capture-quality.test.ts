import { describe, expect, it } from "vitest";
import { judge, measure } from "./capture-quality";

const W = 64;
const H = 48;
const image = (pixel: (x: number, y: number) => number) => Array.from({ length: W * H }, (_, i) => pixel(i % W, Math.floor(i / W)));
const checker = image((x, y) => ((x >> 2) + (y >> 2)) % 2 ? 200 : 60);

describe("capture quality", () => {
  it("measures brightness, burnt-out share and sharpness", () => {
    const flat = measure(image(() => 128), W, H);
    expect(flat).toEqual({ mean: 128, burnt: 0, sharpness: 0 });
    const sharp = measure(checker, W, H);
    expect(sharp.mean).toBeCloseTo(130, 0);
    expect(sharp.sharpness).toBeGreaterThan(1000);
    expect(measure(image((x) => (x < W * 0.7 ? 255 : 0)), W, H).burnt).toBeCloseTo(45 / 64, 2);
  });

  it("refuses small, dark and burnt-out photos, warns on blur, and passes a good one", () => {
    const good = measure(checker, W, H);
    expect(judge(1012, 800, good)).toEqual({ ok: true });
    expect(judge(640, 800, good)).toEqual({ ok: false, problem: "tooSmall", px: 640 });
    expect(judge(1012, 800, measure(image(() => 20), W, H))).toEqual({ ok: false, problem: "tooDark" });
    expect(judge(1012, 800, measure(image(() => 255), W, H))).toEqual({ ok: false, problem: "tooBright" });
    // A white MRZ band on 40% of a card's back is not glare.
    expect(judge(1012, 800, measure(image((x, y) => (y > H * 0.6 ? 255 : ((x >> 2) + (y >> 2)) % 2 ? 200 : 60)), W, H))).toEqual({ ok: true });
    expect(judge(1012, 800, measure(image((x) => 100 + x / 8), W, H))).toEqual({ ok: "warn", problem: "blurry" });
  });
});
