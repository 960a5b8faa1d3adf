import { describe, expect, it } from "vitest";
import type { OcrWord } from "./ine-front";
import { chunks } from "./ine-front-labels";

const word = (text: string, x0: number, y0: number, x1: number, y1: number): OcrWord => ({ text, x0, y0, x1, y1 });

describe("chunks", () => {
  // Tesseract's words of a glare picture of a 2014 front (tune seed 5, card at 1012 px): glare
  // beside the address read as «e», 60 px high, three times the address's type.
  const glare = [
    word("DOMICILIO", 327, 317, 406, 352),
    word("e", 857, 341, 922, 401),
    word("C", 327, 356, 341, 376),
    word("INDEPENDENCIA", 350, 356, 535, 376),
    word("3246", 542, 357, 590, 376),
    word("COL.", 326, 388, 377, 408),
    word("CENTRO", 385, 388, 480, 408),
  ];

  it("keeps two lines apart when a mark two lines tall opens the first", () => {
    const texts = chunks(glare).map((c) => c.text);
    expect(texts).toContain("C INDEPENDENCIA 3246");
    expect(texts).toContain("COL. CENTRO");
    expect(texts.some((t) => t.includes("INDEPENDENCIA") && t.includes("CENTRO"))).toBe(false);
  });

  it("reads a line's words in order whatever their heights (a word with an accent stands taller)", () => {
    const line = [word("MARTÍNEZ", 327, 200, 450, 226), word("PEREZ", 460, 204, 540, 224), word("ANA", 327, 240, 380, 260)];
    expect(chunks(line).map((c) => c.text)).toEqual(["MARTÍNEZ PEREZ", "ANA"]);
  });
});
