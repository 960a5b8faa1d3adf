import { describe, expect, it } from "vitest";
import { hugePng } from "@/test/hostile-bodies";
import { untrustedImage } from "./image-input";

describe("untrustedImage", () => {
  it("refuses to decode an image past 40 MP", async () => {
    await expect(untrustedImage(hugePng()).rotate().png().toBuffer()).rejects.toThrow(/pixel limit/);
  });
});
