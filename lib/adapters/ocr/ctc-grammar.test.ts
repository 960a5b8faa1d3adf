import { describe, expect, it } from "vitest";
import { checkCurp } from "@/lib/mx/curp";
import { CLAVE_GRAMMAR, CURP_GRAMMAR, decodeWithGrammar, LATTICE_CLASSES, spellingGrammar } from "./ctc-grammar";
import { greedyOf as greedy, latticeOf as lattice } from "./lattice-fixture";

describe("decodeWithGrammar: the best CTC path that holds a CURP", () => {
  it("takes a second choice where the first breaks the grammar or the check digit (O read 0, 8 read 0)", () => {
    const chars = [..."CURP GOVM800705MCLMLR07"];
    chars[6] = "O>0";
    chars[9] = "8>0";
    const l = lattice(chars);
    expect(greedy(l)).toBe("CURP G0VM000705MCLMLR07");
    const read = decodeWithGrammar(l, CURP_GRAMMAR)!;
    expect(read.value).toBe("GOVM800705MCLMLR07");
    expect(checkCurp(read.value).valid).toBe(true);
    // Two second choices: log(0.55 / 0.35) each, over the same steps (two steps per character).
    expect(read.greedyLogp - read.logp).toBeCloseTo(4 * Math.log(0.55 / 0.35), 4);
  });

  it("returns the greedy reading itself when it already fits, at no cost", () => {
    const l = lattice([..."GOVM800705MCLMLR07"]);
    const read = decodeWithGrammar(l, CURP_GRAMMAR)!;
    expect(read.value).toBe("GOVM800705MCLMLR07");
    expect(read.greedyLogp - read.logp).toBeCloseTo(0, 6);
  });

  it("keeps CTC's rule: two equal characters need a blank between them (the MM of a CURP)", () => {
    // Without the blank step between the two M's, the path would read one M.
    const l = lattice([..."BAMM900101HDFRRN06"]);
    expect(decodeWithGrammar(l, CURP_GRAMMAR)?.value).toBe("BAMM900101HDFRRN06");
    // The same steps with no blank between the M's read one M: no CURP fits without a costly path.
    const glued = lattice([..."BAMM900101HDFRRN06"]);
    // The first M (the third character) is steps 6 and 7, its blank step 8: made an M too.
    glued.logp.set(glued.logp.subarray(6 * LATTICE_CLASSES, 7 * LATTICE_CLASSES), 8 * LATTICE_CLASSES);
    const read = decodeWithGrammar(glued, CURP_GRAMMAR)!;
    expect(read.greedyLogp - read.logp).toBeGreaterThan(5);
  });

  it("finds a CURP in other text only at a cost no margin accepts, and none in a box too short", () => {
    const forced = decodeWithGrammar(lattice([..."SECCION 0688"]), CURP_GRAMMAR)!;
    expect(forced.greedyLogp - forced.logp).toBeGreaterThan(50);
    expect(decodeWithGrammar(lattice([..."0688"]), CURP_GRAMMAR)).toBeNull();
  });
});

describe("decodeWithGrammar: the clave de elector's grammar", () => {
  it("mends letters read as digits and a month past 12 with the second choices", () => {
    const chars = [..."RDGNFR85081605H568"];
    chars[2] = "G>6";
    chars[5] = "R>?";
    chars[8] = "0>8";
    const l = lattice(chars);
    expect(greedy(l)).toBe("RD6NF?85881605H568");
    expect(decodeWithGrammar(l, CLAVE_GRAMMAR)?.value).toBe("RDGNFR85081605H568");
  });
});

describe("spellingGrammar: another engine's reading of the same box, costed on its lattice", () => {
  it("costs a glued postcode's O read for 0 as two near ties, spaces and punctuation free", () => {
    // Paddle's COL.MORELOSOLBOO for COL. MORELOS 04800: each misread digit a close second choice.
    const chars = [..."COL.MORELOS04800"];
    chars[11] = "0>O";
    chars[12] = "4>L";
    chars[14] = "0>O";
    chars[15] = "0>O";
    const l = lattice(chars);
    expect(greedy(l)).toBe("COL.MORELOSOL8OO");
    const read = decodeWithGrammar(l, spellingGrammar("COLMORELOS04800"))!;
    expect(read.value.replace(/[ .]/g, "")).toBe("COLMORELOS04800");
    expect(read.greedyLogp - read.logp).toBeCloseTo(8 * Math.log(0.55 / 0.35), 4);
    // Its own letters cost nothing, whatever the spacing.
    const own = decodeWithGrammar(l, spellingGrammar("COL MORELOSOL8OO"))!;
    expect(own.greedyLogp - own.logp).toBeCloseTo(0, 6);
  });

  it("costs letters the recogniser barely saw far over any margin, and a spelling longer than the box not at all", () => {
    const other = decodeWithGrammar(lattice([..."CUAJIMALPA"]), spellingGrammar("GUANAJUATO"))!;
    expect(other.greedyLogp - other.logp).toBeGreaterThan(30);
    expect(decodeWithGrammar(lattice([..."CUA"]), spellingGrammar("CUAJIMALPA"))).toBeNull();
  });
});
