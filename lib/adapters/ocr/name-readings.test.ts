import { afterEach, describe, expect, it } from "vitest";
import { checkCurp, curpCheckDigit } from "@/lib/mx/curp";
import type { IneFront } from "@/lib/mx/ine-front";
import { greedyOf, latticeOf } from "./lattice-fixture";
import { lexiconSettings } from "./name-lexicon";
import { lexiconNames } from "./name-readings";
import { wordsOf } from "./paddle-ocr";

/** The words of one Paddle box whose characters are as latticeOf lays them out, at line `y`. */
function box(chars: string[], y: number, reread?: string) {
  const lattice = latticeOf(chars);
  return wordsOf([{ text: greedyOf(lattice), confidence: 0.8, x0: 0, y0: y, x1: 400, y1: y + 20, lattice, ...(reread ? { reread } : {}) }]);
}

const curp = (first17: string) => `${first17}${curpCheckDigit(first17)}`;
const blank = { nombre_completo: null, curp: null, clave_elector: null, fecha_nacimiento: null, sexo: null } as unknown as IneFront;
// INE's specimen: GOMEZ VELAZQUEZ MARGARITA.
const card = (nombres: string, extra: Partial<IneFront> = {}) => ({ ...blank, primer_apellido: "GOMEZ", segundo_apellido: "VELAZQUEZ", nombres, ...extra }) as IneFront;

afterEach(() => {
  lexiconSettings.enabled = true;
  lexiconSettings.leftOut = [];
});

describe("lexiconNames: the name lines under a lexicon of Mexican names", () => {
  it("reads MARGARITA where the greedy path dropped its I (the I the second choice, within the margin)", async () => {
    const chars = [..."MARGARITA"];
    chars[6] = "I>_";
    const words = box(chars, 0);
    expect(greedyOf(latticeOf(chars))).toBe("MARGARTA");
    const read = await lexiconNames(words, card("MARGARTA"));
    expect(read.nombres).toBe("MARGARITA");
  });

  it("leaves the line as read with the lexicon switched off (the bench's RUBRICA_LEXICON=0)", async () => {
    const chars = [..."MARGARITA"];
    chars[6] = "I>_";
    lexiconSettings.enabled = false;
    expect((await lexiconNames(box(chars, 0), card("MARGARTA"))).nombres).toBe("MARGARTA");
  });

  it("keeps a name the lexicon does not hold, read clearly, as read (ITZEL; a rare name, not made a common one)", async () => {
    const read = await lexiconNames(box([..."ITZEL"], 0), card("ITZEL"));
    expect(read.nombres).toBe("ITZEL");
  });

  it("keeps a name left out of the lexicon even where its nearest word is one second choice away (MARGARITA without MARGARITA, the bench's leave-out)", async () => {
    const chars = [..."MARGARETA"];
    chars[6] = "I>E";
    lexiconSettings.leftOut = ["MARGARITA"];
    expect((await lexiconNames(box(chars, 0), card("MARGARETA"))).nombres).toBe("MARGARETA");
  });

  it("is refused by a valid CURP whose letters the lexicon word contradicts (TONAS, the CURP's N, not TOMAS)", async () => {
    const chars = [..."TONAS"];
    chars[2] = "M>N";
    // GOMEZ VELAZQUEZ TONAS: GOVT, inner consonants M (GOMEZ), L (VELAZQUEZ), N (TONAS).
    const vouched = curp("GOVT800705HCLMLN0");
    expect(checkCurp(vouched).valid).toBe(true);
    expect((await lexiconNames(box(chars, 0), card("TONAS", { curp: vouched }))).nombres).toBe("TONAS");
    // The same reading with a CURP that says M: TOMAS.
    expect((await lexiconNames(box(chars, 0), card("TONAS", { curp: curp("GOVT800705HCLMLM0") }))).nombres).toBe("TOMAS");
  });

  it("is refused by the clave's letter of the name (RAMIREZ where the clave says the first surname opens with P)", async () => {
    const chars = [..."RAMIREZ"];
    chars[0] = "R>P";
    const words = box(chars, 0);
    const front = { ...card("MARGARITA"), primer_apellido: "PAMIREZ" };
    expect((await lexiconNames(words, { ...front, clave_elector: "PMVLMR80070509M100" })).primer_apellido).toBe("PAMIREZ");
    expect((await lexiconNames(words, { ...front, clave_elector: "RMVLMR80070509M100" })).primer_apellido).toBe("RAMIREZ");
  });

  it("spells the card's Ñ (CASTAREDA → CASTAÑEDA) or Tesseract's reread where it spells the same letters", async () => {
    const chars = [..."CASTANEDA"];
    chars[5] = "N>R";
    const front = { ...card("MARGARITA"), segundo_apellido: "CASTAREDA" };
    expect((await lexiconNames(box(chars, 0), front)).segundo_apellido).toBe("CASTAÑEDA");
    const chars2 = [..."GARCIA"];
    chars2[4] = "I>_";
    const withReread = { ...card("MARGARITA"), primer_apellido: "GARCA" };
    const read = await lexiconNames(box(chars2, 0, "GARCÍA"), withReread);
    expect(read.primer_apellido).toBe("GARCÍA");
    expect(read.nombre_completo).toBe("MARGARITA GARCÍA VELAZQUEZ");
  });

  it("leaves a line already of lexicon words alone, spaces dropped or not (MARIAGUADALUPE)", async () => {
    const read = await lexiconNames(box([..."MARIAGUADALUPE"], 0), card("MARIAGUADALUPE"));
    expect(read.nombres).toBe("MARIAGUADALUPE");
  });
});

describe("lexiconNames: a reading the card's CURP or clave, as printed, corroborate", () => {
  // GOMEZ read GOWEZ, the M a faint second choice: 6.6 nats dearer than the greedy path, past NAME_MARGIN.
  const faint = () => {
    const chars = [..."GOMEZ"];
    chars[2] = "M>>W";
    return box(chars, 0);
  };
  const front = (extra: Partial<IneFront>) => ({ ...card("MARGARITA"), primer_apellido: "GOWEZ", ...extra }) as IneFront;

  it("is taken within the wider margin where the clave's letters are the reading's and not the line's (GMVLMR: GOMEZ's M)", async () => {
    expect(greedyOf(latticeOf(["G", "O", "M>>W", "E", "Z"]))).toBe("GOWEZ");
    expect((await lexiconNames(faint(), front({ clave_elector: "GMVLMR80070501M100" }))).primer_apellido).toBe("GOMEZ");
  });

  it("is taken so where a CURP that fails only its check digit gives the letter (INE's specimen, GOVM800705MCLMLR01)", async () => {
    expect(checkCurp("GOVM800705MCLMLR01")).toMatchObject({ valid: false, reason: "check_digit" });
    expect((await lexiconNames(faint(), front({ curp: "GOVM800705MCLMLR01" }))).primer_apellido).toBe("GOMEZ");
  });

  it("is not taken past NAME_MARGIN without them, nor where they agree with the line as much as with the reading", async () => {
    expect((await lexiconNames(faint(), front({}))).primer_apellido).toBe("GOWEZ");
    // A clave of other letters for the first surname (GW…) does not corroborate GOMEZ.
    expect((await lexiconNames(faint(), front({ clave_elector: "GWVLMR80070501M100" }))).primer_apellido).toBe("GOWEZ");
  });

  it("is not taken past CORROBORATED_NAME_MARGIN (two faint letters, 13 nats)", async () => {
    const chars = [..."GOMEZ"];
    chars[2] = "M>>W";
    chars[3] = "E>>A";
    expect((await lexiconNames(box(chars, 0), front({ primer_apellido: "GOWAZ", clave_elector: "GMVLMR80070501M100" }))).primer_apellido).toBe("GOWAZ");
  });
});

describe("lexiconNames: a name line the card's valid CURP contradicts", () => {
  // GOMEZ VELAZQUEZ IÑIGO: GOVI, inner consonants M, L and X (the Ñ).
  const iñigo = curp("GOVI800705HCLMLX0");

  it("reads the one-pixel I small type lost and spells the CURP's X as Ñ (NIGO → IÑIGO, a name the lexicon lacks)", async () => {
    const chars = ["I>_", ..."NIGO"];
    expect(greedyOf(latticeOf(chars))).toBe("NIGO");
    expect((await lexiconNames(box(chars, 0), card("NIGO", { curp: iñigo }))).nombres).toBe("IÑIGO");
    // Without the CURP the line stays as read.
    expect((await lexiconNames(box(chars, 0), card("NIGO"))).nombres).toBe("NIGO");
  });

  it("spells a N as Ñ where the CURP writes X (ZUNIGA → ZUÑIGA)", async () => {
    const front = { ...card("MARGARITA"), primer_apellido: "ZUNIGA", curp: curp("ZUVM800705MCLXLR0") };
    expect((await lexiconNames(box([..."ZUNIGA"], 0), front)).primer_apellido).toBe("ZUÑIGA");
  });

  it("does not drop the misread Ñ to a word without a consonant (YARE is not YAAE, though YAAE's filler X is the CURP's)", async () => {
    const chars = ["Y", "A", "A>R", "E"];
    const front = { ...card("MARGARITA"), primer_apellido: "YARE", curp: curp("YAVM800705MCLXLR0") };
    expect((await lexiconNames(box(chars, 0), front)).primer_apellido).toBe("YARE");
  });

  it("spells a lexicon word's Ñ the line lost, its accents kept (MONTANO → MONTAÑO, PÉREZ as read)", async () => {
    const front = { ...card("MARGARITA"), primer_apellido: "MONTANO", segundo_apellido: "PÉREZ" };
    const read = await lexiconNames(box([..."MONTANO"], 0), front);
    expect(read.primer_apellido).toBe("MONTAÑO");
    expect(read.segundo_apellido).toBe("PÉREZ");
  });

  it("puts back the space between given names the CURP reads apart (JOSEANGEL → JOSE ANGEL: the CURP skips JOSE)", async () => {
    const front = card("JOSEANGEL", { curp: curp("GOVA800705HCLMLN0") });
    expect((await lexiconNames(box([..."JOSEANGEL"], 0), front)).nombres).toBe("JOSE ANGEL");
  });
});

describe("lexiconNames: readings that are not a name's misread", () => {
  it("refuses a reading with fewer letters than the line (ADRGAN → ADAN: letters squeezed out, not read)", async () => {
    // ADRIAN, not in the lexicon, read ADRGAN; the lexicon's ADAN drops the R and G to blanks.
    const chars = ["A", "D", "_>R", "_>G", "A", "N"];
    expect(greedyOf(latticeOf(chars))).toBe("ADRGAN");
    const read = await lexiconNames(box(chars, 0), card("ADRGAN"));
    expect(read.nombres).toBe("ADRGAN");
  });

  it("refuses a line that ends in a particle (HERNANDEZ → HERNAN DEL, MAREL → MA DEL)", async () => {
    // HERNANDEZ left out of the lexicon (the bench's leave-out), its Z's second choice an L.
    const chars = [..."HERNANDEZ"];
    chars[8] = "L>Z";
    lexiconSettings.leftOut = ["HERNÁNDEZ"];
    const front = { ...card("MARGARITA"), primer_apellido: "HERNANDEZ" };
    expect(greedyOf(latticeOf(chars))).toBe("HERNANDEZ");
    expect((await lexiconNames(box(chars, 0), front)).primer_apellido).toBe("HERNANDEZ");
  });

  it("refuses a line of particles alone (MAREL → MA DEL)", async () => {
    const chars = ["M", "A", "D>R", "E", "L"];
    const front = { ...card("MARGARITA"), segundo_apellido: "MAREL" };
    expect((await lexiconNames(box(chars, 0), front)).segundo_apellido).toBe("MAREL");
  });
});
