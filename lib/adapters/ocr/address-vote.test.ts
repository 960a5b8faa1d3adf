import { describe, expect, it } from "vitest";
import { votedAddress } from "./address-vote";

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

  it("leaves out a line only a lesser pass read", () => {
    expect(votedAddress([[STREET, COLONIA, CITY], [STREET, COLONIA, CITY, "CLAVE DE ELECTOR"]])).toEqual([STREET, COLONIA, CITY]);
  });

  it("keeps the best pass's address where its lines fit none of the others'", () => {
    const best = ["OALAS 56 CPLAMONTE 109", "GUANAJUATO, GTO"];
    expect(votedAddress([best, ["C PRIV. MONTE 109", "COL ARBOLEDAS 38526", "GUANAJUATO, GTO"]])).toEqual(best);
  });

  it("gives the only reading there is, or none", () => {
    expect(votedAddress([[], [STREET, CITY]])).toEqual([STREET, CITY]);
    expect(votedAddress([[], []])).toBeNull();
  });
});
