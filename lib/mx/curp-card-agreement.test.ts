import { describe, expect, it } from "vitest";
import { curpCardAgreement, curpExpectedFromCard, curpFitsCard, curpVouchedByCard, namesFitCurp } from "./curp-card-agreement";

// The front of INE's specimen credential (../shared/realworld/ine): GOMEZ VELAZQUEZ MARGARITA,
// born 05/07/1980, M, whose printed CURP GOVM800705MCLMLR01 fails its own check digit.
const specimen = { primer_apellido: "GOMEZ", segundo_apellido: "VELAZQUEZ", nombres: "MARGARITA", fecha_nacimiento: "1980-07-05", sexo: "M" };
const expectedString = (card: Parameters<typeof curpExpectedFromCard>[0]) => {
  const m = curpExpectedFromCard(card);
  return Array.from({ length: 18 }, (_, i) => m.get(i) ?? "_").join("");
};

describe("curpExpectedFromCard", () => {
  it("the letters, birth date and sex a card's names and dates fix", () => {
    expect(expectedString(specimen)).toBe("GOVM800705M__MLR__");
  });

  it("RENAPO's rules: MARÍA/JOSÉ skipped before a second name, particles skipped, Ñ as X, accents dropped", () => {
    // Instructivo Normativo examples of the kind: MARIA GUADALUPE → G; DE LA FUENTE → FUENTE.
    expect(expectedString({ primer_apellido: "DE LA FUENTE", segundo_apellido: "NUÑEZ", nombres: "MARÍA GUADALUPE" }).slice(0, 4)).toBe("FUNG");
    expect(expectedString({ primer_apellido: "PEÑA", segundo_apellido: "ÁLVAREZ", nombres: "JOSÉ LUIS" })).toMatch(/^PEAL_{9}XLS__$/);
    // MARÍA alone is the name.
    expect(expectedString({ primer_apellido: "LOPEZ", segundo_apellido: "DIAZ", nombres: "MARIA" }).slice(0, 4)).toBe("LODM");
  });

  it("an inconvenient word gets its X (BACA → BXCA), and no segundo apellido is X", () => {
    expect(expectedString({ primer_apellido: "BAEZ", segundo_apellido: "CASTRO", nombres: "ANA" }).slice(0, 4)).toBe("BXCA");
    expect(expectedString({ primer_apellido: "SMITH", segundo_apellido: null, nombres: "JOHN" }).slice(0, 4)).toBe("SIXJ");
  });

  it("the birth date from the clave de elector when the card prints none", () => {
    expect(expectedString({ clave_elector: "GMVLMR80070501M100" }).slice(4, 10)).toBe("800705");
    expect(curpExpectedFromCard({ clave_elector: "GMVLMR8007501M100" }).size).toBe(0);
  });
});

describe("curpCardAgreement", () => {
  it("counts agreements less contradictions", () => {
    expect(curpCardAgreement("GOVM800705MCLMLR01", specimen)).toBe(14);
    // The OCR's I for M in the inner consonants: one fewer agreement, one contradiction.
    expect(curpCardAgreement("GOVM800705MCLILR01", specimen)).toBe(12);
  });
});

describe("curpFitsCard", () => {
  it("fits when names and birth date agree up to the sex, whatever the check digit", () => {
    expect(curpFitsCard("GOVM800705MCLMLR01", specimen)).toBe(true);
    expect(curpFitsCard("GOVM800705MCLXXX09", specimen)).toBe(true);
  });

  it("does not fit another birth date, another name or another sex", () => {
    expect(curpFitsCard("GOVM800706MCLMLR01", specimen)).toBe(false);
    expect(curpFitsCard("GAVM800705MCLMLR01", specimen)).toBe(false);
    expect(curpFitsCard("GOVM800705HCLMLR01", specimen)).toBe(false);
  });

  it("does not fit a card that gives no birth date or no names: nothing to fit", () => {
    expect(curpFitsCard("GOVM800705MCLMLR01", { ...specimen, fecha_nacimiento: null })).toBe(false);
    expect(curpFitsCard("GOVM800705MCLMLR01", { fecha_nacimiento: "1980-07-05" })).toBe(false);
  });
});

describe("curpVouchedByCard: a voter was of age when registered", () => {
  // The specimen as a small card reads it: no printed birth date, the clave's YYMMDD, 2008 and 2014.
  const card = { primer_apellido: "GOMEZ", segundo_apellido: "VELAZQUEZ", nombres: "MARGARITA", sexo: "M", clave_elector: "GMVLMR80070509M100", anio_registro: "2008", anio_emision: "2014" };

  it("takes the printed CURP (born 1980, a digit differentiator) and refuses one misread into 2080 (a letter)", () => {
    expect(curpVouchedByCard("GOVM800705MCLMLR01", card)).toBe(true);
    // One misread in the differentiator: a letter makes the same YYMMDD 2080, after the card's registration.
    expect(curpVouchedByCard("GOVM800705MCLMLRA1", card)).toBe(false);
  });

  it("refuses a holder under 17 in the card's year, lets one registering the year before turning 18 be", () => {
    const young = { ...card, clave_elector: "GMVLMR07070509M100", anio_registro: "2024", anio_emision: "2024" };
    expect(curpVouchedByCard("GOVM070705MCLMLRA1", young)).toBe(true); // 2007 + 17 = 2024
    expect(curpVouchedByCard("GOVM080705MCLMLRA1", { ...young, clave_elector: "GMVLMR08070509M100" })).toBe(false);
  });

  it("says nothing without a plausible year read (none, or a misread before 1950)", () => {
    expect(curpVouchedByCard("GOVM800705MCLMLRA1", { ...card, anio_registro: null, anio_emision: null })).toBe(true);
    expect(curpVouchedByCard("GOVM800705MCLMLRA1", { ...card, anio_registro: "1008", anio_emision: null })).toBe(true);
  });
});

describe("namesFitCurp: the names read contradict none of the CURP's name letters", () => {
  // Rubén Yáñez Díaz (sandbox): YADR820823HASXZB02, the X at 14 his Ñ.
  const curp = "YADR820823HASXZB02";
  const card = { primer_apellido: "YAÑEZ", segundo_apellido: "DIAZ", nombres: "RUBEN" };

  it("fits the names as printed, as Paddle reads them without the tilde, and a name unread", () => {
    expect(namesFitCurp(curp, card)).toBe(true);
    expect(namesFitCurp(curp, { ...card, primer_apellido: "YANEZ" })).toBe(true);
    expect(namesFitCurp(curp, { ...card, nombres: null })).toBe(true);
  });

  it("does not fit a name line that is another line's (the 2019 front's NOMBRE read NEA) or a misread letter", () => {
    expect(namesFitCurp(curp, { ...card, primer_apellido: "NEA" })).toBe(false);
    expect(namesFitCurp(curp, { ...card, nombres: "RUTEN" })).toBe(false);
  });
});
