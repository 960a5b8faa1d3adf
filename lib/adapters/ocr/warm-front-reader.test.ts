import { afterAll, describe, expect, it } from "vitest";
import { renderIneFront } from "@/lib/adapters/ine/sandbox-cards";
import { SANDBOX_VOTERS } from "@/lib/adapters/ine/sandbox-voters";
import { closeIneFrontReader, tesseractIneFrontReader } from "./ine-front-reader";
import { paddleIneFrontReader, warmIneFrontReader } from "./paddle-front-reader";
import { withStageTimes } from "./stage-times";

afterAll(() => closeIneFrontReader());

describe("warmIneFrontReader: the OCR engines started before the first front", () => {
  it("leaves the first front read nothing to start or load; closed, the next read starts Tesseract again", async () => {
    await warmIneFrontReader();
    const picture = await renderIneFront(SANDBOX_VOTERS[0]!);
    const warm = await withStageTimes(async () => {
      await tesseractIneFrontReader.read(picture);
      await paddleIneFrontReader.read(picture);
    });
    expect(warm.stages.has("tesseract start")).toBe(false);
    expect(warm.stages.has("paddle load")).toBe(false);
    expect(warm.stages.get("tesseract card")?.calls).toBe(1);
    // What the stage shows when nothing was started: the test can tell.
    await closeIneFrontReader();
    const cold = await withStageTimes(() => tesseractIneFrontReader.read(picture));
    expect(cold.stages.get("tesseract start")?.calls).toBe(1);
  }, 120_000);
});
