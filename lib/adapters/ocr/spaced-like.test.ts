import { describe, expect, it } from "vitest";
import { spacedLike } from "./spaced-like";

describe("spacedLike: Paddle's letters with Tesseract's spaces and accents", () => {
  it.each([
    // Paddle joins the words; Tesseract keeps the spaces but misreads a letter (R as K): Paddle's R stays.
    ["AVPASEODELAREFORMA 145", "AV PASEO DE LA KEFORMA 145", "AV PASEO DE LA REFORMA 145"],
    // Tesseract reads the Ñ and the accent Paddle's dictionary lacks, and a digit Paddle read right as a letter.
    ["COLPENONDELOSBANOS 15520", "COL PEÑÓN DE LOS BAÑOS 1552O", "COL PEÑÓN DE LOS BAÑOS 15520"],
    // Paddle's own spaces stay where Tesseract has none.
    ["CDA LAS FLORES 12", "CDALAS FLORES I2", "CDA LAS FLORES 12"],
    // A letter Tesseract adds or drops moves no space off its letter.
    ["MIGUELHIDALGO", "MIGUEL  HIIDALGO", "MIGUEL HIDALGO"],
    // A lower-case letter is Tesseract's noise: the letter stays Paddle's capital.
    ["MUNOZ", "MUñoz", "MUNOZ"],
  ])("%s + %s → %s", (paddle, tesseract, expected) => {
    expect(spacedLike(paddle, tesseract)).toBe(expected);
  });

  it("takes nothing from a line that is not the same line read again (more than a fifth of its letters differ)", () => {
    expect(spacedLike("AVPASEODELAREFORMA", "TEPEPAN NO VOTAR")).toBe("AVPASEODELAREFORMA");
    expect(spacedLike("GOMEZ", "")).toBe("GOMEZ");
  });
});
