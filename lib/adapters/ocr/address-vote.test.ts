import { describe, expect, it } from "vitest";
import { cutShort, votedAddress } from "./address-vote";

// Readings after the passes of tune seed 11's redrawn financiera sample (INE's specimen address).
const STREET = "C PITAGORAS 1253 INT. 4";
const COLONIA = "COL. MORELOS 04800";
const CITY = "CUAJIMALPA DE MORELOS, D.F.";

describe("votedAddress", () => {
  it("takes a line the best pass skipped from the passes that read it", () => {
    const best = [STREET, CITY];
    expect(votedAddress([best, [STREET, "COL MORELOS 04800", CITY], [STREET, COLONIA, "CUAJIMALPA DE MORELOS, OF."], [STREET, COLONIA, CITY]])).toEqual([STREET, COLONIA, CITY]);
  });

  it("keeps the best pass's reading of a line it read, however many passes read it otherwise", () => {
    expect(votedAddress([[STREET, COLONIA, CITY], [STREET, "CA MORELOS 04800", CITY], [STREET, "CA MORELOS 04800", CITY]])).toEqual([STREET, COLONIA, CITY]);
  });

  it("takes a skipped line only where two passes read it", () => {
    expect(votedAddress([[STREET, CITY], [STREET, COLONIA, CITY]])).toEqual([STREET, CITY]);
    expect(votedAddress([[STREET, CITY], [STREET, COLONIA, CITY], [STREET, "COL.MORELOSOMB00", CITY]])).toEqual([STREET, COLONIA, CITY]);
  });

  it("takes the lines a single pass read where the best pass read only one (INE prints two at least)", () => {
    // Tune seed 5: glare over a 2014 front's last two lines, which only Paddle's pass read.
    expect(votedAddress([["C INDEPENDENCIA 3834"], ["C INDEPENDENCIA 3834", "COL.CENTRO", "VERACRUZ"]])).toEqual(["C INDEPENDENCIA 3834", "COL.CENTRO", "VERACRUZ"]);
    expect(votedAddress([[STREET, CITY], [STREET, COLONIA, CITY]])).toEqual([STREET, CITY]);
  });

  it("leaves out a line only a lesser pass read", () => {
    expect(votedAddress([[STREET, COLONIA, CITY], [STREET, COLONIA, CITY, "CLAVE DE ELECTOR"]])).toEqual([STREET, COLONIA, CITY]);
  });

  it("keeps the best pass's address where its lines fit none of the others'", () => {
    const best = ["OALAS 56 CPLAMONTE 109", "GUANAJUATO, GTO"];
    expect(votedAddress([best, ["C PRIV. MONTE 109", "COL ARBOLEDAS 38526", "GUANAJUATO, GTO"]])).toEqual(best);
  });

  it("gives a line of the best pass read cut short (INT. or NO. without its number) to the best pass that read it on", () => {
    const cut = "C PITAGORAS 1253 INT";
    expect(votedAddress([[cut, COLONIA, CITY], [STREET, COLONIA, CITY], ["C PITAGORAS 1253 INT. 1", COLONIA, CITY]])).toEqual([STREET, COLONIA, CITY]);
    expect(votedAddress([["VIADUCTO TLALPAN NO.", CITY], ["VIADUCTO TLALPAN NO. 100", CITY]])).toEqual(["VIADUCTO TLALPAN NO. 100", CITY]);
    // Paddle's words run together (tune seed 37, the specimen in perspective).
    expect(votedAddress([["CPITAGORAS1253INT", COLONIA, CITY], [STREET, COLONIA, CITY], [STREET, COLONIA, CITY]])).toEqual([STREET, COLONIA, CITY]);
    // Another line, or one cut short as well, does not take its place.
    expect(votedAddress([[cut, COLONIA, CITY], ["C PINO 12", COLONIA, CITY]])).toEqual([cut, COLONIA, CITY]);
    expect(votedAddress([[cut, COLONIA, CITY], ["C PITAGORAS 1253 INT.", COLONIA, CITY]])).toEqual([cut, COLONIA, CITY]);
  });

  it("tells a line cut short from one whose last word only ends so", () => {
    expect(cutShort("C PITAGORAS 1253 INT")).toBe(true);
    expect(cutShort("VIADUCTO TLALPAN NO.")).toBe(true);
    expect(cutShort("CPITAGORAS1253INT")).toBe(true);
    expect(cutShort("C PITAGORAS 1253 INT. 4")).toBe(false);
    expect(cutShort("C CAMINO")).toBe(false);
    expect(cutShort("C MONTE ALBAN")).toBe(false);
  });

  it("gives the only reading there is, or none", () => {
    expect(votedAddress([[], [STREET, CITY]])).toEqual([STREET, CITY]);
    expect(votedAddress([[], []])).toBeNull();
  });
});
