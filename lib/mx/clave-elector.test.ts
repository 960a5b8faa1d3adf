import { describe, expect, it } from "vitest";
import { claveAgreesWithCurp, claveLettersOf, claveNameLetters, claveVouchedByCard } from "./clave-elector";

// INE's specimen (../shared/realworld/ine): GOMEZ VELAZQUEZ MARGARITA, born 1980-07-05, M, GMVLMR80070501M100.
const specimen = { primer_apellido: "GOMEZ", segundo_apellido: "VELAZQUEZ", nombres: "MARGARITA", fecha_nacimiento: "1980-07-05", sexo: "M" };

describe("claveNameLetters: the clave's six letters as the names give them", () => {
  it("takes each name's first letter and the first consonant after it, Ñ as X, accents away", () => {
    expect(claveNameLetters(specimen)).toBe("GMVLMR");
    expect(claveNameLetters({ primer_apellido: "ZUÑIGA", segundo_apellido: "OCHOA", nombres: "EFRAÍN" })).toBe("ZXOCEF");
    // INE does not skip JOSE or MARIA as RENAPO does.
    expect(claveNameLetters({ primer_apellido: "REYES", segundo_apellido: "LUNA", nombres: "JOSE ANGEL" })).toBe("RYLNJS");
  });

  it("says nothing for a name unread or one that opens with a particle", () => {
    expect(claveNameLetters({ ...specimen, nombres: null })).toBeNull();
    expect(claveNameLetters({ ...specimen, primer_apellido: "DE LA CRUZ" })).toBeNull();
  });
});

describe("claveVouchedByCard: a clave the names, birth date and sex agree with", () => {
  it("vouches when every letter, the YYMMDD and the sex agree", () => {
    expect(claveVouchedByCard("GMVLMR80070501M100", specimen)).toBe(true);
    // Paddle reads a Ñ as N: the name's N stands for the clave's X.
    expect(claveVouchedByCard("ZXOCEF83012418H733", { primer_apellido: "ZUNIGA", segundo_apellido: "OCHOA", nombres: "EFRAIN", fecha_nacimiento: "1983-01-24", sexo: "H" })).toBe(true);
  });

  it("does not vouch for a clave one of whose facts disagrees, is missing, or is not of its whole shape", () => {
    expect(claveVouchedByCard("GMMLMR80070501M100", specimen)).toBe(false);
    expect(claveVouchedByCard("GMVLMR80070601M100", specimen)).toBe(false);
    expect(claveVouchedByCard("GMVLMR80070501H100", specimen)).toBe(false);
    expect(claveVouchedByCard("GMVLMR8007501M100", specimen)).toBe(false);
    expect(claveVouchedByCard(null, specimen)).toBe(false);
    expect(claveVouchedByCard("GMVLMR80070501M100", { ...specimen, fecha_nacimiento: null })).toBe(false);
    expect(claveVouchedByCard("GMVLMR80070501M100", { ...specimen, sexo: null })).toBe(false);
    // A name's X does not stand for the clave's N.
    expect(claveVouchedByCard("GNVLMR80070501M100", { ...specimen, primer_apellido: "GXMEZ" })).toBe(false);
  });
});

describe("claveLettersOf: one name's two letters of the clave", () => {
  it("is its first word's first letter and first consonant after it; none for a particle or no name", () => {
    expect(claveLettersOf("GOMEZ")).toBe("GM");
    expect(claveLettersOf("OCHOA")).toBe("OC");
    expect(claveLettersOf("JOSE ANGEL")).toBe("JS");
    expect(claveLettersOf("DE LA CRUZ")).toBeNull();
    expect(claveLettersOf(null)).toBeNull();
  });
});

describe("claveAgreesWithCurp: a clave and a CURP that name the same person", () => {
  // Sofía Ibáñez Peña (lib/adapters/ine/sandbox-voters' way of building both): IB PX SF, born 1990-12-03, M.
  const curp = "IAPS901203MNLBXF09";
  const clave = "IBPXSF90120319M500";

  it("agrees where the clave's six letters are the CURP's initials and inner consonants, and its date and sex the CURP's", () => {
    expect(claveAgreesWithCurp(clave, curp)).toBe(true);
    // The two digits after the date are not compared: INE's specimen prints 01 for a CURP born in Coahuila.
    expect(claveAgreesWithCurp("IBPXSF90120301M500", curp)).toBe(true);
  });

  it("disagrees on any letter, digit of the date or the sex, and where the CURP fails its check digit or the clave is not of its shape", () => {
    expect(claveAgreesWithCurp("IBPNSF90120319M500", curp)).toBe(false);
    expect(claveAgreesWithCurp("IBPXSF90120419M500", curp)).toBe(false);
    expect(claveAgreesWithCurp("IBPXSF90120319H200", curp)).toBe(false);
    expect(claveAgreesWithCurp(clave, "IAPS901203MNLBXF08")).toBe(false);
    expect(claveAgreesWithCurp("IBPXSF9012031M500", curp)).toBe(false);
  });

  it("disagrees where INE's and RENAPO's rules part: a given name MARIA, which the CURP skips", () => {
    // María Guadalupe Pérez López: the CURP takes GUADALUPE's G and D, the clave MARIA's M and R.
    expect(claveAgreesWithCurp("PRLPMR85031209M300", "PELG850312MDFRPD00")).toBe(false);
  });
});
