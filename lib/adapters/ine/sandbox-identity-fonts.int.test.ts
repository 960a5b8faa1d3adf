import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { closeIneFrontReader, tesseractIneFrontReader } from "@/lib/adapters/ocr/ine-front-reader";
import { closeMrzReader, tesseractMrzReader } from "@/lib/adapters/ocr/mrz-reader";
import { readIneFront } from "@/lib/adapters/ocr/read-ine-front";
import { parseIneMrz } from "@/lib/mx/ine-mrz";
import { printedFront, sandboxMrz } from "./sandbox-cards";
import { SANDBOX_VOTERS } from "./sandbox-voters";

afterAll(async () => {
  await closeIneFrontReader();
  await closeMrzReader();
});

/**
 * The README's walk-through on a machine with Node and nothing else: `sandbox:identity` run with
 * a fontconfig that sees no font at all (as where no font package is installed). The cards must
 * come out the same as anywhere, their MRZ in OCR-B and their fronts' text drawn, read back by
 * the same readers as a session's photos. Before the project shipped its fonts, the back's MRZ
 * failed its check digits without fonts-ocr-b and the front had no text.
 */
describe("sandbox:identity with no system fonts", () => {
  it("writes person 1's cards that the MRZ and front readers read as printed", { timeout: 180_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sandbox-fonts-"));
    const noFonts = path.join(dir, "no-fonts.conf");
    fs.writeFileSync(noFonts, `<?xml version="1.0"?>\n<fontconfig><cachedir>${path.join(dir, "cache")}</cachedir></fontconfig>\n`);
    const out = path.join(dir, "identity");
    execFileSync(process.execPath, ["--import", "tsx", "scripts/cli.ts", "sandbox:identity", "--person", "1", "--out", out], {
      env: { ...process.env, FONTCONFIG_FILE: noFonts, FONTCONFIG_PATH: dir, LOG_LEVEL: "silent" },
      stdio: "pipe",
      timeout: 120_000,
    });
    const voter = SANDBOX_VOTERS[0]!;
    const mrz = parseIneMrz(await tesseractMrzReader.read(fs.readFileSync(path.join(out, "ine-back.jpg"))));
    expect(mrz.ok, JSON.stringify(mrz)).toBe(true);
    expect(mrz.lines).toEqual(sandboxMrz(voter));
    const { front } = await readIneFront(tesseractIneFrontReader, fs.readFileSync(path.join(out, "ine-front.jpg")));
    expect(front).toEqual(printedFront(voter));
  });
});
