import { describe, expect, it } from "vitest";
import { composeIneMrz, mrzCheckDigit, mrzCharValue, mrzName, parseIneMrz, type IneMrz } from "./ine-mrz";

const maria: IneMrz = {
  cic: "200000001",
  ocr: "0123100000001",
  seccion: "0123",
  identificadorCiudadano: "100000001",
  birthDate: "1985-03-12",
  sex: "M",
  expiry: "2031-12-31",
  primerApellido: "PEREZ",
  segundoApellido: "LOPEZ",
  nombres: "MARIA GUADALUPE",
};
const now = new Date("2026-11-23T00:00:00Z");

describe("ICAO 9303 check digits", () => {
  it("values characters 0-9, A-Z as 10-35 and < as 0", () => {
    expect(["0", "9", "A", "Z", "<"].map(mrzCharValue)).toEqual([0, 9, 10, 35, 0]);
    expect(() => mrzCharValue("Ñ")).toThrow("Not an MRZ character");
  });

  it.each([
    // ICAO 9303 part 3 worked examples (document number, dates) and a TD1 specimen's fields.
    ["L898902C3", "6"],
    ["740812", "2"],
    ["120415", "9"],
    ["D23145890", "7"],
    ["340712", "7"],
    ["950712", "2"],
    ["<<<<<<<<<", "0"],
  ])("check digit of %s is %s", (field, digit) => expect(mrzCheckDigit(field)).toBe(digit));
});

describe("INE MRZ (TD1)", () => {
  it("composes three lines of 30 with every check digit", () => {
    const lines = composeIneMrz(maria);
    expect(lines).toEqual([`IDMEX200000001${mrzCheckDigit("200000001")}<<0123100000001`, `850312${mrzCheckDigit("850312")}F311231${mrzCheckDigit("311231")}MEX<<<<<<<<<<<${lines[1][29]}`, "PEREZ<LOPEZ<<MARIA<GUADALUPE<<"]);
    expect(lines.every((l) => l.length === 30)).toBe(true);
  });

  it("parses what it composes, with dates in full and the sex as on the CURP (H/M)", () => {
    const read = parseIneMrz(composeIneMrz(maria).join("\n"), now);
    expect(read).toEqual({ ok: true, lines: composeIneMrz(maria), mrz: maria });
  });

  it("writes names without accents, Ñ as N and spaces as <", () => {
    expect(mrzName("José Ángel")).toBe("JOSE<ANGEL");
    expect(mrzName("NÚÑEZ")).toBe("NUNEZ");
    expect(mrzName("de la O-Peña")).toBe("DE<LA<O<PENA");
    const read = parseIneMrz(composeIneMrz({ ...maria, primerApellido: "NÚÑEZ", segundoApellido: "DE LA O", nombres: "JOSÉ ÁNGEL", sex: "H", birthDate: "2001-07-15" }).join("\n"), now);
    expect(read.ok && read.mrz).toMatchObject({ primerApellido: "NUNEZ", segundoApellido: "DE LA O", nombres: "JOSE ANGEL", sex: "H", birthDate: "2001-07-15" });
  });

  it("finds the MRZ among other OCR lines and ignores spaces inside them", () => {
    const [a, b, c] = composeIneMrz(maria);
    const text = `INSTITUTO NACIONAL ELECTORAL\n${a.slice(0, 10)} ${a.slice(10)}\n${b}\n ${c} \n`;
    expect(parseIneMrz(text, now)).toMatchObject({ ok: true, mrz: { cic: "200000001", identificadorCiudadano: "100000001" } });
  });

  it("takes back digits OCR read as look-alike letters where only digits may stand", () => {
    const [a, b, c] = composeIneMrz(maria);
    const misread = [a.replace("<<0123", "<<O123").replace("IDMEX2", "IDMEXZ"), b.replace(/^85/, "B5"), c].join("\n");
    expect(parseIneMrz(misread, now)).toEqual({ ok: true, lines: composeIneMrz(maria), mrz: maria });
  });

  it("takes back letters OCR read as look-alike digits in the name line, which holds letters only", () => {
    const [a, b, c] = composeIneMrz({ ...maria, primerApellido: "OCHOA", segundoApellido: "SOTO", nombres: "BEGONA ZOE GISELA" });
    const misread = [a, b, c.replace("OCHOA", "0CHOA").replace("SOTO", "5OT0").replace("BEGONA", "8EGONA").replace("ZOE", "2OE").replace("GISELA", "6I5ELA")].join("\n");
    const read = parseIneMrz(misread, now);
    expect(read).toMatchObject({ ok: true, mrz: { primerApellido: "OCHOA", segundoApellido: "SOTO", nombres: "BEGONA ZOE GISELA" } });
    expect(read.lines[2]).toBe(c);
  });

  it.each([
    [0, 14, "9", "The CIC check digit does not match."],
    [1, 6, "0", "The birth date check digit does not match."],
    [1, 14, "0", "The expiry check digit does not match."],
    [0, 20, "9", "The composite check digit does not match."],
    [1, 7, "X", "The sex is not M or F."],
  ])("refuses a changed character (line %i, position %i -> %s): %s", (line, pos, char, reason) => {
    const lines = composeIneMrz(maria);
    if (lines[line]![pos] === char) throw new Error("the test must change the character");
    lines[line] = lines[line]!.slice(0, pos) + char + lines[line]!.slice(pos + 1);
    expect(parseIneMrz(lines.join("\n"), now)).toMatchObject({ ok: false, reason });
  });

  it("refuses text with no MRZ, OCR confusions of < and impossible dates", () => {
    expect(parseIneMrz("nada que leer", now)).toMatchObject({ ok: false, reason: "No MRZ starting with IDMEX was found." });
    const [a, b, c] = composeIneMrz(maria);
    expect(parseIneMrz([`${a.slice(0, 29)}X`, b, c].join("\n"), now)).toMatchObject({ ok: false, reason: "The OCR number is not 13 digits." });
    // The two fillers before the OCR number are read by position, so an OCR that reads them as KK still parses.
    expect(parseIneMrz([a.replace("<<", "KK"), b, c].join("\n"), now).ok).toBe(true);
    const feb30 = composeIneMrz({ ...maria, birthDate: "1985-02-28" });
    const broken = feb30[1].replace("850228", "850230");
    expect(parseIneMrz([feb30[0], broken.slice(0, 6) + mrzCheckDigit("850230") + broken.slice(7), feb30[2]].join("\n"), now).ok).toBe(false);
  });
});
