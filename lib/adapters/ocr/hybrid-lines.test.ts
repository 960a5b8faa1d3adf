import { afterAll, describe, expect, it } from "vitest";
import { renderIneFront } from "@/lib/adapters/ine/sandbox-cards";
import { SANDBOX_VOTERS } from "@/lib/adapters/ine/sandbox-voters";
import { closeIneFrontReader } from "./ine-front-reader";
import { hybridIneFrontReader } from "./paddle-front-reader";
import { withStageTimes } from "./stage-times";

afterAll(() => closeIneFrontReader());

describe("the name's and address's lines Tesseract rereads", () => {
  it("are read once per card when the position read asks for the lines the hybrid pass read", async () => {
    const picture = await renderIneFront(SANDBOX_VOTERS[0]!);
    const { stages } = await withStageTimes(async () => {
      await hybridIneFrontReader.read(picture, { width: 1012, turn: 0 });
      await hybridIneFrontReader.byPosition!(picture, 0);
    });
    // Before, the same stacked lines were read twice (bench:identity --stages, "tesseract lines ×2").
    expect(stages.get("tesseract lines")?.calls).toBe(1);
  }, 120_000);
});
