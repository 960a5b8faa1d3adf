import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { judge, measure, MIN_SIDE } from "@/components/identity/capture-quality";
import { SANDBOX_VOTERS } from "./sandbox-voters";
import { sandboxIdentityFiles } from "./sandbox-identity";

/** What the verification page's checkQuality sees: the image at 320 px wide, in grey (same weights). */
async function pageQuality(bytes: Buffer, minSide: number) {
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const { data, info } = await sharp(bytes).resize({ width: 320 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const grey = new Uint8ClampedArray(info.width * info.height);
  for (let i = 0; i < grey.length; i++) grey[i] = 0.299 * data[i * 3]! + 0.587 * data[i * 3 + 1]! + 0.114 * data[i * 3 + 2]!;
  return judge(Math.max(width, height), minSide, measure(grey, info.width, info.height));
}

// The README's sandbox files must get through the page's own light and focus checks, or a
// newcomer trying the sandbox is told the selfie is "muy oscura" before the server sees it.
describe("the sandbox people's files pass the verification page's capture checks", () => {
  it.each(SANDBOX_VOTERS.map((_, i) => i + 1))("person %i: front, back and selfie", async (person) => {
    const files = Object.fromEntries((await sandboxIdentityFiles(person)).map((f) => [f.name, f.bytes]));
    expect(await pageQuality(files["ine-front.jpg"]!, MIN_SIDE.ine_front)).toEqual({ ok: true });
    expect(await pageQuality(files["ine-back.jpg"]!, MIN_SIDE.ine_back)).toEqual({ ok: true });
    expect(await pageQuality(files["selfie.jpg"]!, MIN_SIDE.face)).toEqual({ ok: true });
    // Eight images drawn per person: seconds on a busy machine.
  }, 30_000);
});
