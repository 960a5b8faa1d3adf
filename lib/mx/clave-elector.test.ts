import { describe, expect, it } from "vitest";
import { claveLettersOf, claveNameLetters, claveVouchedByCard } from "./clave-elector";

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
