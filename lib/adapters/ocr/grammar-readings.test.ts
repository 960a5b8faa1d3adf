import { describe, expect, it } from "vitest";
import type { IneFront } from "@/lib/mx/ine-front";
import { claveLetters, curpBackedByClave, grammarClave, grammarCurp, smallTypeReads } from "./grammar-readings";
import { greedyOf, latticeOf } from "./lattice-fixture";
import { wordsOf } from "./paddle-ocr";

// Sandbox voter Francisco (ROGF850816HCLDNR04 passes its check digit).
const card = { primer_apellido: "RODRIGUEZ", segundo_apellido: "GONZALEZ", nombres: "FRANCISCO", fecha_nacimiento: "1985-08-16", sexo: "H", curp: null, clave_elector: null } as IneFront;

/** The words of one Paddle box whose characters are as latticeOf lays them out. */
function box(chars: string[]) {
  const lattice = latticeOf(chars);
  return wordsOf([{ text: greedyOf(lattice), confidence: 0.8, x0: 0, y0: 0, x1: 400, y1: 20, lattice }]);
}

describe("grammarCurp: the CURP under RENAPO's grammar, agreeing with the card", () => {
  it("takes the second choice that makes a CURP of a reading that is not one (its check digit read A)", () => {
    const chars = [..."CURP ROGF850816HCLDNR04"];
    chars[22] = "4>A";
    const words = box(chars);
    // The words' text mends a 0 between letters into an O (unglue); the lattice keeps the 0.
    expect(words.map((w) => w.text)).toEqual(["CURP", "ROGF850816HCLDNROA"]);
    expect(grammarCurp(words, card, "ROGF850816HCLDNROA")).toBe("ROGF850816HCLDNR04");
  });

  it("takes one the card agrees with more (GONZALEZ's N read M)", () => {
    const chars = [..."ROGF850816HCLDNR04"];
    chars[14] = "N>M";
    expect(grammarCurp(box(chars), card, "ROGF850816HCLDMR04")).toBe("ROGF850816HCLDNR04");
  });

  it("keeps a CURP of the right shape failing only its check digit that the card agrees with as much (INE's specimen prints one)", () => {
    const specimen = { ...card, primer_apellido: "GOMEZ", segundo_apellido: "VELAZQUEZ", nombres: "MARGARITA", fecha_nacimiento: "1980-07-05", sexo: "M" } as IneFront;
    const chars = [..."GOVM800705MCLMLR01"];
    // A 7 second to the printed 1 would pass the check digit (GOVM800705MCLMLR07).
    chars[17] = "7>1";
    expect(grammarCurp(box(chars), specimen, "GOVM800705MCLMLR01")).toBeNull();
  });

  it("reads a CURP that fails only its check digit where greedy decoding lost a letter of it, when it is all the card says (INE's specimen)", () => {
    const specimen = { ...card, primer_apellido: "GOMEZ", segundo_apellido: "VELAZQUEZ", nombres: "MARGARITA", fecha_nacimiento: "1980-07-05", sexo: "M" } as IneFront;
    // The state's L lost (GOVM800705MCMLR01 as read): no reading that passes the check digit is near.
    const chars = [..."GOVM800705MCLMLR01"];
    chars[12] = "L>_";
    expect(greedyOf(latticeOf(chars))).toBe("GOVM800705MCMLR01");
    expect(grammarCurp(box(chars), specimen, null)).toBe("GOVM800705MCLMLR01");
    // Not where the card's inner consonants say otherwise (VAZQUEZ's Z), nor where the R is lost
    // with no second choice: only a reading far from greedy decoding's would be the card's.
    expect(grammarCurp(box(chars), { ...specimen, segundo_apellido: "VAZQUEZ" }, null)).toBeNull();
    chars[15] = "_";
    expect(grammarCurp(box(chars), specimen, null)).toBeNull();
  });

  it("reads nothing when the card does not give the name's four letters and the birth date", () => {
    const chars = [..."ROGF850816HCLDNR04"];
    chars[17] = "4>A";
    expect(grammarCurp(box(chars), card, null)).toBe("ROGF850816HCLDNR04");
    expect(grammarCurp(box(chars), { ...card, nombres: null }, null)).toBeNull();
    expect(grammarCurp(box(chars), { ...card, fecha_nacimiento: null }, null)).toBeNull();
  });

  it("refuses a reading past the margin, and one the card contradicts", () => {
    // Read A with no second choice: no path to a digit within the margin.
    expect(grammarCurp(box([..."ROGF850816HCLDNR0A"]), card, "ROGF850816HCLDNR0A")).toBeNull();
    const chars = [..."ROGF850816HCLDNR0A"];
    chars[17] = "4>A";
    // Another birth date on the card: the CURP's date is fixed to it, and the box does not read it.
    expect(grammarCurp(box(chars), { ...card, fecha_nacimiento: "1985-09-16" }, null)).toBeNull();
  });
});

describe("grammarClave: the clave de elector under its grammar", () => {
  it("mends a clave read off its shape when its date and sex are the card's", () => {
    const chars = [..."CLAVE DE ELECTOR RDGNFR85081605H568"];
    chars[19] = "G>6";
    chars[25] = "0>8";
    const words = box(chars);
    expect(words.map((w) => w.text).at(-1)).toBe("RD6NFR85881605H568");
    expect(grammarClave(words, card)).toBe("RDGNFR85081605H568");
    // Of another sex than the card's: left as it was.
    expect(grammarClave(words, { ...card, sexo: "M" })).toBeNull();
  });

  it("reads nothing when the card gives no birth date (printed, or a valid CURP's)", () => {
    const chars = [..."RDGNFR85081605H568"];
    chars[2] = "G>6";
    expect(grammarClave(box(chars), { ...card, fecha_nacimiento: null })).toBeNull();
    expect(grammarClave(box(chars), { ...card, fecha_nacimiento: null, curp: "ROGF850816HCLDNR04" })).toBe("RDGNFR85081605H568");
  });

  it("gives a clave a digit or two off the birth date the card prints and its valid CURP carry that date", () => {
    // Read 6 for the 8 too surely for the grammar: no lattice to read it again.
    const words = wordsOf([{ text: "ZXCSRC96071603M362", confidence: 0.9, x0: 0, y0: 0, x1: 400, y1: 20 }]);
    const zuniga = { ...card, primer_apellido: "ZUÑIGA", segundo_apellido: "CASTRO", nombres: "ROCIO", fecha_nacimiento: "1998-07-16", sexo: "M", curp: "ZUCR980716MBSXSC37", clave_elector: "ZXCSRC96071603M362" } as IneFront;
    expect(grammarClave(words, zuniga)).toBe("ZXCSRC98071603M362");
    // Only the printed date, or a CURP that does not pass its check digit: as read.
    expect(grammarClave(words, { ...zuniga, curp: null })).toBe("ZXCSRC96071603M362");
    expect(grammarClave(words, { ...zuniga, curp: "ZUCR980716MBSXSC38" })).toBe("ZXCSRC96071603M362");
    // Three digits off: another date read, not the card's misread.
    expect(grammarClave(words, { ...zuniga, clave_elector: "ZXCSRC96051803M362" })).toBe("ZXCSRC96051803M362");
  });

  it("reads the letters the valid CURP gives where the clave's are not theirs (JESUS's J read I)", () => {
    const jesus = { ...card, primer_apellido: "SOTO", segundo_apellido: "REYES", nombres: "JESUS", fecha_nacimiento: "1981-07-30", curp: "SORJ810730HTSTYS77" } as IneFront;
    expect([...claveLetters(jesus).values()].join("")).toBe("STRYJS");
    const chars = [..."STRYJS81073028H074"];
    chars[4] = "J>I";
    expect(grammarClave(box(chars), { ...jesus, clave_elector: "STRYIS81073028H074" })).toBe("STRYJS81073028H074");
    // No valid CURP to give them: the date and sex alone, the clave as it was read.
    expect(grammarClave(box(chars), { ...jesus, curp: null, clave_elector: "STRYIS81073028H074" })).toBe("STRYIS81073028H074");
    // RENAPO skips JOSE, INE does not: the given name's letters are left out; so is a surname's particle.
    expect(claveLetters({ primer_apellido: "DE LA CRUZ", segundo_apellido: "DIAZ", nombres: "JOSE ANGEL", curp: "CUDA680319HMSRZN42" })).toEqual(new Map([[2, "D"], [3, "Z"]]));
    // Every particle of RENAPO's list (lib/mx/curp-card-agreement NAME_PARTICLES), LE among them: LE BLANC's CURP letters are BLANC's.
    expect(claveLetters({ primer_apellido: "LE BLANC", segundo_apellido: "LOPEZ", nombres: "LUIS", curp: "BALL900101HDFLPS02" })).toEqual(new Map([[2, "L"], [3, "P"], [4, "L"], [5, "S"]]));
  });

  it("leaves a clave of its shape and the card's birth date as it is", () => {
    const chars = [..."RDGNFR85081605H568"];
    chars[15] = "5>6";
    expect(grammarClave(box(chars), { ...card, clave_elector: "RDGNFR85081605H668" })).toBe("RDGNFR85081605H668");
  });
});

describe("smallTypeReads and curpBackedByClave: the coded lines as the small-type recogniser reads them", () => {
  // Paddle's reading of the box lost characters; the small-type recogniser's (`second`) did not.
  const boxes = (...lines: [string, string][]) =>
    wordsOf(lines.map(([paddle, second], i) => ({ text: paddle, confidence: 0.8, x0: 0, y0: 30 * i, x1: 400, y1: 30 * i + 20, lattice: latticeOf([...paddle]), second: latticeOf([...second]) })));

  it("takes a CURP that passes its check digit and a clave of its shape, as read", () => {
    const read = smallTypeReads(boxes(["CURP R0GF85O816HCLDNR", "CURP ROGF850816HCLDNR04"], ["RDGNFR8508I605H1OO", "CLAVE DE ELECTOR RDGNFR85081605H100"]));
    expect(read).toEqual({ curps: ["ROGF850816HCLDNR04"], claves: ["RDGNFR85081605H100"] });
  });

  it("leaves out a CURP whose check digit fails and a clave not of its shape", () => {
    expect(smallTypeReads(boxes(["CURP ROGF850816HCLDNR05", "CURP ROGF850816HCLDNR05"], ["RDGNFR8508160H100", "RDGNFR8508160H100"]))).toEqual({ curps: [], claves: [] });
  });

  it("reads nothing where no box was read again", () => {
    expect(smallTypeReads(box([..."ROGF850816HCLDNR04"]))).toEqual({ curps: [], claves: [] });
  });

  it("backs a CURP with a clave that agrees in its letters, birth date and sex, and no other", () => {
    expect(curpBackedByClave([null, "ROGF850816HCLDNR04"], ["RDGNFR85081605H100"])).toBe("ROGF850816HCLDNR04");
    // The clave's letters of another name (GONZALEZ read GOMEZ: GM), its date a day off, its sex.
    expect(curpBackedByClave(["ROGF850816HCLDNR04"], ["RDGMFR85081605H100", "RDGNFR85081705H100", "RDGNFR85081605M100"])).toBeNull();
    // A CURP failing its check digit is backed by nothing.
    expect(curpBackedByClave(["ROGF850816HCLDNR05"], ["RDGNFR85081605H100"])).toBeNull();
  });
});
