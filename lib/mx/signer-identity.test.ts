import { describe, expect, it } from "vitest";
import { nameMatchesCertificate, nameWords, signerMatchesIdentity } from "./signer-identity";

const MARIA = { nombres: "MARÍA JOSÉ", primer_apellido: "PÉREZ", segundo_apellido: "LÓPEZ", curp: "PELM900101MDFRPR05" };
const NUNEZ = { nombres: "JUAN", primer_apellido: "NÚÑEZ", segundo_apellido: "DE LA PEÑA", curp: "NUPJ800202HJCXXN09" };

describe("nameWords", () => {
  it("upper-cases, drops accents, dieresis and Ñ's tilde, splits on anything not a letter, and leaves particles out", () => {
    expect(nameWords("María José Pérez-López")).toEqual(["MARIA", "JOSE", "PEREZ", "LOPEZ"]);
    expect(nameWords("  Juan   Núñez de la Peña ")).toEqual(["JUAN", "NUNEZ", "PENA"]);
    expect(nameWords("Agüero y Del Río")).toEqual(["AGUERO", "RIO"]);
    // Decomposed input (as some keyboards send it) reads the same as composed.
    expect(nameWords("Pe\u0301rez N\u0303u\u0301n\u0303ez")).toEqual(nameWords("Pérez Ñúñez"));
    expect(nameWords("")).toEqual([]);
  });
});

describe("signerMatchesIdentity by CURP", () => {
  it("matches the CURP whatever its case or spaces, whatever the name says", () => {
    expect(signerMatchesIdentity({ name: "Someone Else", curp: " pelm900101mdfrpr05 " }, MARIA)).toEqual({ matches: true, by: "curp" });
  });

  it("refuses another CURP even when the name is the same, and a verification without a CURP", () => {
    expect(signerMatchesIdentity({ name: "María José Pérez López", curp: "PELM900101MDFRPR06" }, MARIA)).toEqual({ matches: false, by: "curp" });
    expect(signerMatchesIdentity({ name: "María José Pérez López", curp: "PELM900101MDFRPR05" }, { ...MARIA, curp: null })).toEqual({ matches: false, by: "curp" });
  });

  it("goes by name when the signatory's CURP is empty", () => {
    expect(signerMatchesIdentity({ name: "María Pérez", curp: "  " }, MARIA)).toEqual({ matches: true, by: "name" });
  });
});

describe("signerMatchesIdentity with the RFC the owner gave", () => {
  const JOSE = { nombres: "JOSÉ ÁNGEL", primer_apellido: "NÚÑEZ", segundo_apellido: "GARCÍA", curp: "NUGA800715HJCXRN07" };

  it("needs the name and the RFC's first ten characters (letters and birth date) to be the CURP's", () => {
    expect(signerMatchesIdentity({ name: "José Núñez", rfc: "nuga800715ab1" }, JOSE)).toEqual({ matches: true, by: "name_and_rfc" });
    expect(signerMatchesIdentity({ name: "José Núñez", rfc: "NUGA800716AB1" }, JOSE)).toEqual({ matches: false, by: "name_and_rfc" });
    expect(signerMatchesIdentity({ name: "Ana Torres", rfc: "NUGA800715AB1" }, JOSE)).toEqual({ matches: false, by: "name_and_rfc" });
    expect(signerMatchesIdentity({ name: "José Núñez", rfc: "NUGA800715AB1" }, { ...JOSE, curp: null })).toEqual({ matches: false, by: "name_and_rfc" });
  });

  it("goes by name alone with a company's RFC or one that is not an RFC", () => {
    expect(signerMatchesIdentity({ name: "José Núñez", rfc: "ABC800715AB1" }, JOSE)).toEqual({ matches: true, by: "name" });
    expect(signerMatchesIdentity({ name: "José Núñez", rfc: "nonsense" }, JOSE)).toEqual({ matches: true, by: "name" });
  });
});

describe("signerMatchesIdentity by name", () => {
  const byName = (name: string, verified = MARIA) => signerMatchesIdentity({ name, curp: null }, verified).matches;

  it("matches the full name in any case, with or without accents, and in any order", () => {
    expect(byName("María José Pérez López")).toBe(true);
    expect(byName("MARIA JOSE PEREZ LOPEZ")).toBe(true);
    expect(byName("Pérez López María José")).toBe(true);
  });

  it("matches without the second surname or a middle name", () => {
    expect(byName("María Pérez")).toBe(true);
    expect(byName("José Pérez")).toBe(true);
    expect(byName("María José Pérez")).toBe(true);
  });

  it("matches names with Ñ and compound surnames typed with or without the tilde and particles", () => {
    expect(byName("Juan Núñez de la Peña", NUNEZ)).toBe(true);
    expect(byName("Juan Nunez", NUNEZ)).toBe(true);
  });

  it("refuses a name without the first surname, without a given name, or with a single word", () => {
    expect(byName("José López")).toBe(false);
    expect(byName("Pérez López")).toBe(false);
    expect(byName("María")).toBe(false);
    expect(byName("")).toBe(false);
  });

  it("refuses a name with any word the verified person does not have", () => {
    expect(byName("María José Pérez Gómez")).toBe(false);
    expect(byName("Ana Pérez")).toBe(false);
    expect(byName("Mario Pérez")).toBe(false);
  });

  it("refuses when the verification read no first surname", () => {
    expect(byName("María Pérez", { ...MARIA, primer_apellido: "" })).toBe(false);
  });
});

describe("nameMatchesCertificate", () => {
  it("takes the name as typed: any case, accents, particles, or fewer words than the certificate", () => {
    expect(nameMatchesCertificate("María Pérez", "MARIA JOSE PEREZ LOPEZ")).toBe(true);
    expect(nameMatchesCertificate("juan núñez de la peña", "JUAN NUÑEZ DE LA PEÑA")).toBe(true);
  });

  it("marks another person's name, a word the holder does not have, and a single word", () => {
    expect(nameMatchesCertificate("Andrés Manuel Presidente Falso", "JUAN PEREZ LOPEZ")).toBe(false);
    expect(nameMatchesCertificate("María Pérez Gómez", "MARIA JOSE PEREZ LOPEZ")).toBe(false);
    expect(nameMatchesCertificate("Pérez", "MARIA JOSE PEREZ LOPEZ")).toBe(false);
  });
});
