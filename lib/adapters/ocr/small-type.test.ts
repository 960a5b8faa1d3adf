import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { claveGrammar, decodeWithGrammar } from "./ctc-grammar";
import { GRAMMAR_MARGIN } from "./grammar-readings";
import { cardRegion } from "./ine-front-reader";
import { detectText, recogniseBoxes } from "./paddle-ocr";
import { smallTypeLattices } from "./small-type";

// INE's official specimen (model E: clave de elector GMVLMR80070501M100), read at test time; never copied into the project.
const SPECIMEN = path.resolve("../shared/realworld/ine/mateodelat+velpaNew__INE-Frente.png");

describe("smallTypeLattices: the small-type recogniser's reading of a box", () => {
  it("reads the clave de elector of INE's specimen shrunk to 280 px, as a phone's small picture keeps it", { timeout: 60_000 }, async () => {
    const picture = await sharp(await readFile(SPECIMEN)).resize({ width: 280, kernel: "lanczos3" }).jpeg({ quality: 75 }).toBuffer();
    const region = await cardRegion(picture, { width: 1012 });
    const boxes = await recogniseBoxes(region, await detectText(region));
    // The box Paddle reads as holding the clave (GMVLMR, then digits), whatever it makes of them.
    const box = boxes.find((b) => /GM.LM.[0-9OB]{6}/.test(b.text.replace(/\s+/g, "")));
    expect(box).toBeDefined();
    const [read] = await smallTypeLattices(region, [box!]);
    expect(read!.lattice.steps).toBeGreaterThan(18);
    const clave = decodeWithGrammar(read!.lattice, claveGrammar());
    expect(clave?.value).toBe("GMVLMR80070501M100");
    expect(clave!.greedyLogp - clave!.logp).toBeLessThanOrEqual(GRAMMAR_MARGIN);
  });

  it("reads nothing from no box", async () => {
    expect(await smallTypeLattices(new Uint8Array(), [])).toEqual([]);
  });
});
