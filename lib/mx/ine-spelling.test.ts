import { describe, expect, it } from "vitest";
import { asInePrints } from "./ine-spelling";

describe("asInePrints", () => {
  it("drops accents and dieresis, keeps Ñ and punctuation, as INE's specimen prints", () => {
    expect(asInePrints("Gómez Velázquez")).toBe("GOMEZ VELAZQUEZ");
    expect(asInePrints("IBÁÑEZ ARGÜELLES")).toBe("IBAÑEZ ARGUELLES");
    expect(asInePrints("COL. CENTRO, SAN LUIS POTOSÍ")).toBe("COL. CENTRO, SAN LUIS POTOSI");
    expect(asInePrints("Núñez")).toBe("NUÑEZ");
  });
});
