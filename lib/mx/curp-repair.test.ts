import { describe, expect, it } from "vitest";
import { checkCurp, curpCheckDigit } from "./curp";
import { MAX_CARD_CHANGES, repairCurp, withBirthDate, withCenturyMark, withInnerConsonants } from "./curp-repair";

const withCheckDigit = (first17: string) => first17 + curpCheckDigit(first17);

// Two sandbox cards of the augmented set's tune part, as Paddle read them at 262 and 268 px wide
// (bench:identity --part tune): the rest of the card as the front reader gave it.
const hector = { primer_apellido: "CASTASEDA", segundo_apellido: "IBASE", nombres: "HECTOR", fecha_nacimiento: "2004-03-12", sexo: "H" };
const martin = { primer_apellido: "BELTRAN", segundo_apellido: "FLORES", nombres: "MARTIN", fecha_nacimiento: "2004-07-08", sexo: "H" };
// INE's specimen: GOMEZ VELAZQUEZ MARGARITA, 05/07/1980, whose printed CURP fails its check digit.
const specimen = { primer_apellido: "GOMEZ", segundo_apellido: "VELAZQUEZ", nombres: "MARGARITA", fecha_nacimiento: "1980-07-05", sexo: "M" };
// Born 1990-05-17 in the Ciudad de México: PELJ900517HDFRPN + differentiator 0.
const juan = { primer_apellido: "PEREZ", segundo_apellido: "LOPEZ", nombres: "JUAN", fecha_nacimiento: "1990-05-17", sexo: "H" };
const juanCurp = withCheckDigit("PELJ900517HDFRPN0");

describe("repairCurp", () => {
  it("fills a letter the reading lost with the one the names fix", () => {
    expect(checkCurp("CAIH040312HTCSBCC1").valid).toBe(true);
    expect(repairCurp(["CUNP CAH040312HTCSBCC1 202302"], hector)).toBe("CAIH040312HTCSBCC1");
  });

  it("takes the birth date's digit and the sex from the card where the reading has others", () => {
    expect(repairCurp(["2022 01 BEFM040706IASLLRE2 PEOHADEWACIMENTO"], martin)).toBe("BEFM040708HASLLRE2");
  });

  it("reads look-alikes as the kind each place holds (O as 0 in the date, 0 as O in a name, I as 1 in the check digit)", () => {
    // P3: a 3 where the names fix E, one change the card vouches for; the Os are the date's zeros.
    expect(repairCurp([`CURP P3LJ9OO517HDFRPN0${juanCurp[17]}`], juan)).toBe(juanCurp);
    // An O for the differentiator's 0 (born in the 1900s: a digit) and an S for a 5 in the date.
    expect(repairCurp([`PELJ90OS17HDFRPNO${juanCurp[17]}`], juan)).toBe(juanCurp);
  });

  it("drops one extra character read into the run", () => {
    expect(repairCurp([`${juanCurp.slice(0, 9)}7${juanCurp.slice(9)}`], juan)).toBe(juanCurp);
  });

  it("keeps the state, the inner consonants and the differentiator as read: the card does not vouch for them", () => {
    // A compound first surname: RENAPO's consonant may not be the one the card's first word gives.
    const compound = withCheckDigit("PELJ900517HDFXPN0");
    expect(repairCurp([compound.slice(0, 5) + compound.slice(6)], juan)).toBe(compound);
  });

  it("mends nothing the card does not vouch for: no birth date, or no names", () => {
    const lost = juanCurp.slice(0, 6) + juanCurp.slice(7);
    expect(repairCurp([lost], { ...juan, fecha_nacimiento: null })).toBeNull();
    expect(repairCurp([lost], { fecha_nacimiento: juan.fecha_nacimiento, sexo: "H" })).toBeNull();
    expect(repairCurp([lost], juan)).toBe(juanCurp);
  });

  it(`refuses more than ${MAX_CARD_CHANGES} changes: the clave de elector is not mended into a CURP`, () => {
    expect(repairCurp(["GMVLMR80070501M100", "GMVLMR8007501M100"], specimen)).toBeNull();
    const fourWrong = `XXXX${juanCurp.slice(4)}`;
    expect(repairCurp([fourWrong], juan)).toBeNull();
    expect(repairCurp([`XXX${juanCurp.slice(3)}`], juan)).toBe(juanCurp);
  });

  it("does not turn the specimen's printed CURP, which fails its own check digit, into another", () => {
    expect(repairCurp(["GOVM800705MCLMLR01"], specimen)).toBeNull();
    expect(repairCurp(["GOVM800705MCLMLR0I"], specimen)).toBeNull();
    // Read on a specimen photo at an angle: GOVM800705MCLIAR01 passes checkCurp, but I and A are
    // no inner consonants; the card's M and L with the read 01 fail the check digit.
    expect(checkCurp("GOVM800705MCLIAR01").valid).toBe(true);
    expect(repairCurp(["GOVM800705MCLIAR01"], specimen)).toBeNull();
  });

  it("takes none when two different CURPs mend with as few changes", () => {
    const other = withCheckDigit("PELJ900517HJCRPN0");
    const lostDate = (curp: string) => curp.slice(0, 7) + curp.slice(8);
    expect(repairCurp([lostDate(juanCurp)], juan)).toBe(juanCurp);
    expect(repairCurp([lostDate(juanCurp), lostDate(other)], juan)).toBeNull();
    // One read whole wins over one that needed mending.
    expect(repairCurp([other, lostDate(juanCurp)], juan)).toBe(other);
  });
});

describe("withCenturyMark", () => {
  it("reads the 17th character as a digit for a birth before 2000, as a letter from 2000 on", () => {
    expect(withCenturyMark("GOVM800705MCLMLRO5", "1980-07-05")).toBe("GOVM800705MCLMLR05");
    // NUGA800715HJCXRN07 (sandbox person José) with its 0 read as O passes its check digit again.
    expect(checkCurp(withCenturyMark("NUGA800715HJCXRNO7", "1980-07-15")!).valid).toBe(true);
    expect(withCenturyMark("HESI040414HNTRTX87", "2004-04-14")).toBe("HESI040414HNTRTXB7");
  });

  it("without a birth date takes the CURP's own year where the 2000s are yet to come; else leaves it as read, as with the right kind already or no look-alike", () => {
    // No date read: the CURP's own year, where the 2000s are yet to come; else as read (a minor's too).
    expect(withCenturyMark("GOVM800705MCLMLRO5", null, new Date("2026-12-02"))).toBe("GOVM800705MCLMLR05");
    expect(withCenturyMark("HESI040414HNTRTX87", null, new Date("2026-12-02"))).toBe("HESI040414HNTRTX87");
    expect(withCenturyMark("HESI150414HNTRTXO7", null, new Date("2026-12-02"))).toBe("HESI150414HNTRTXO7");
    expect(withCenturyMark("HESIO40414HNTRTX87", null, new Date("2026-12-02"))).toBe("HESIO40414HNTRTX87");
    expect(withCenturyMark("GOVM800705MCLMLR05", "1980-07-05")).toBe("GOVM800705MCLMLR05");
    expect(withCenturyMark("GOVM800705MCLMLRX5", "1980-07-05")).toBe("GOVM800705MCLMLRX5");
    expect(withCenturyMark(null, "1980-07-05")).toBeNull();
  });
});

describe("withInnerConsonants", () => {
  it("gives a vowel read at an inner consonant's place the consonant the names fix there", () => {
    expect(withInnerConsonants("GOVM800705MCLMLAO1", specimen)).toBe("GOVM800705MCLMLRO1");
    expect(withInnerConsonants("PELJ900517HDFEPN0" + juanCurp[17], juan)).toBe(juanCurp);
  });

  it("leaves it as read where the names are not the CURP's first letters, or where no vowel is", () => {
    expect(withInnerConsonants("GOVM800705MCLMLAO1", { ...specimen, nombres: "LUCIA" })).toBe("GOVM800705MCLMLAO1");
    expect(withInnerConsonants("GOVM800705MCLMLBO1", specimen)).toBe("GOVM800705MCLMLBO1");
    expect(withInnerConsonants(juanCurp, juan)).toBe(juanCurp);
    expect(withInnerConsonants("GOVM800705MCLAR01", specimen)).toBe("GOVM800705MCLAR01");
    expect(withInnerConsonants(null, specimen)).toBeNull();
  });
});

describe("withBirthDate", () => {
  // Tune seed 5: one card's CURP read with its 7 as 2 on three pictures; the misread passes its
  // check digit (place 5 weighs 14: 5 × 14 = 70), the birth date and the clave were read right.
  const misread = "NUMI220716MYNXXT49";
  it("puts in the birth date the card prints where a clave read on the card carries it too", () => {
    expect(checkCurp(misread).valid).toBe(true);
    expect(withBirthDate(misread, "1972-07-16", ["NXMXIT72071631M884"])).toBe("NUMI720716MYNXXT49");
  });

  it("keeps the CURP as read where nothing else on the card says the same date, or the mend fails the check digit", () => {
    expect(withBirthDate(misread, "1972-07-16", [])).toBe(misread);
    expect(withBirthDate(misread, "1972-07-16", ["NXMXIT72071531M884"])).toBe(misread);
    // 16 → 18 shifts the sum by 2 × 9: the mended CURP fails its check digit.
    expect(withBirthDate(misread, "1922-07-18", ["NXMXIT22071831M884"])).toBe(misread);
    // A date three places apart is another person's, not a misread.
    expect(withBirthDate(misread, "1985-03-16", ["NXMXIT85031631M884"])).toBe(misread);
    expect(withBirthDate("NUMI720716MYNXXT49", "1972-07-16", ["NXMXIT72071631M884"])).toBe("NUMI720716MYNXXT49");
  });
});
