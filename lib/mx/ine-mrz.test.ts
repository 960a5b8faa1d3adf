import { readFileSync } from "node:fs";
import path from "node:path";
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
  numeroEmision: "01",
  optionalNumber: "06440",
  optionalData: "<01<<06440<",
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
    expect(lines).toEqual([`IDMEX200000001${mrzCheckDigit("200000001")}<<0123100000001`, `850312${mrzCheckDigit("850312")}M311231${mrzCheckDigit("311231")}MEX<01<<06440<${lines[1][29]}`, "PEREZ<LOPEZ<<MARIA<GUADALUPE<<"]);
    expect(lines.every((l) => l.length === 30)).toBe(true);
  });

  it("parses what it composes, with dates in full, the sex and the optional data", () => {
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
    [1, 7, "F", "The sex is not H, M, X or <."],
    [1, 20, "7", "The composite check digit does not match."],
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

describe("INE MRZ as the INE writes it", () => {
  const jose: IneMrz = { ...maria, sex: "H", primerApellido: "NUNEZ", segundoApellido: "GARCIA", nombres: "JOSE ANGEL", birthDate: "1980-07-15" };

  it("reads a man's back: H at line 2, position 8, the sex the CURP gives him", () => {
    const lines = composeIneMrz(jose);
    expect(lines[1][7]).toBe("H");
    expect(parseIneMrz(lines.join("\n"), now)).toMatchObject({ ok: true, mrz: { sex: "H" } });
  });

  it("reads a woman's back: M (mujer), not ICAO's M for male", () => {
    const lines = composeIneMrz(maria);
    expect(lines[1][7]).toBe("M");
    expect(parseIneMrz(lines.join("\n"), now)).toMatchObject({ ok: true, mrz: { sex: "M" } });
  });

  it("reads X as X (non-binary, as on the CURP) and < as no sex given", () => {
    expect(parseIneMrz(composeIneMrz({ ...maria, sex: "X" }).join("\n"), now)).toMatchObject({ ok: true, mrz: { sex: "X" } });
    const unspecified = composeIneMrz({ ...maria, sex: null });
    expect(unspecified[1][7]).toBe("<");
    expect(parseIneMrz(unspecified.join("\n"), now)).toMatchObject({ ok: true, mrz: { sex: null } });
  });

  it("refuses ICAO's F, which the INE never writes (the sex is outside every check digit)", () => {
    const lines = composeIneMrz(maria);
    lines[1] = `${lines[1].slice(0, 7)}F${lines[1].slice(8)}`;
    expect(parseIneMrz(lines.join("\n"), now)).toMatchObject({ ok: false, reason: "The sex is not H, M, X or <." });
  });

  it("reads the optional data's two fields, and keeps the 11 characters as printed", () => {
    const read = parseIneMrz(composeIneMrz({ ...maria, numeroEmision: "03", optionalNumber: "06440" }).join("\n"), now);
    expect(read).toMatchObject({ ok: true, mrz: { numeroEmision: "03", optionalNumber: "06440", optionalData: "<03<<06440<" } });
  });

  it("gives no emission number when the optional data is empty or shaped otherwise", () => {
    const empty = parseIneMrz(composeIneMrz({ ...maria, numeroEmision: null, optionalNumber: null }).join("\n"), now);
    expect(empty).toMatchObject({ ok: true, mrz: { numeroEmision: null, optionalNumber: null, optionalData: "<<<<<<<<<<<" } });
    const [a, b, c] = composeIneMrz(maria);
    const other = `${b.slice(0, 18)}ABC12345678`;
    const read = parseIneMrz([a, other + mrzCheckDigit(a.slice(5, 30) + other.slice(0, 7) + other.slice(8, 15) + other.slice(18, 29)), c].join("\n"), now);
    expect(read).toMatchObject({ ok: true, mrz: { numeroEmision: null, optionalNumber: null, optionalData: "ABC12345678" } });
  });

  describe("birth year: the latest century in which the holder is at least 18", () => {
    const born = (birthDate: string, at: string) => {
      const read = parseIneMrz(composeIneMrz({ ...maria, birthDate }).join("\n"), new Date(at));
      return read.ok ? read.mrz.birthDate : read.reason;
    };

    it.each([
      // [written as, read on, read as]
      ["2005-03-12", "2026-11-23T00:00:00Z", "2005-03-12"], // '05 in 2026: 21 years old
      ["1905-03-12", "2026-11-23T00:00:00Z", "2005-03-12"], // the MRZ cannot tell 1905 from 2005
      ["2010-03-12", "2026-11-23T00:00:00Z", "1910-03-12"], // 2010 would make them 16
      ["1980-07-05", "2026-11-23T00:00:00Z", "1980-07-05"], // '80: 2080 is in the future
      ["2008-11-23", "2026-11-23T00:00:00Z", "2008-11-23"], // 18 that very day
      ["2008-11-24", "2026-11-23T00:00:00Z", "1908-11-24"], // 18 tomorrow: not yet
      ["2026-01-01", "2026-11-23T00:00:00Z", "1926-01-01"], // this year's YY
      ["2000-02-29", "2026-11-23T00:00:00Z", "2000-02-29"], // 2000 is a leap year
      ["2005-03-12", "2023-03-12T00:00:00Z", "2005-03-12"],
      ["2005-03-12", "2023-03-11T23:59:59Z", "1905-03-12"],
    ])("%s read on %s is %s", (birthDate, at, expected) => {
      expect(born(birthDate, at)).toBe(expected);
    });

    it("defaults the reference date to now", () => {
      const read = parseIneMrz(composeIneMrz({ ...maria, birthDate: "1985-03-12" }).join("\n"));
      expect(read.ok && read.mrz.birthDate).toBe("1985-03-12");
    });
  });
});

describe("INE's specimen back, as transcribed in shared/realworld/ine/manifest.json", () => {
  type Image = { file: string; side: string; fields: { mrz_lines?: string[]; mrz_derived?: Record<string, string> } };
  const manifest = JSON.parse(readFileSync(path.resolve(process.cwd(), "../shared/realworld/ine/manifest.json"), "utf8")) as { images: Image[] };
  const backs = manifest.images.filter((i) => i.side === "back" && i.fields.mrz_lines);

  it("has the specimen's backs", () => {
    expect(backs.map((b) => b.file)).toEqual(["mateodelat+velpaNew__INE-Reverso.png", "mcomi+santander-dashboard-kosmos__ine-reverso.png"]);
  });

  it.each(backs.map((b) => [b.file, b] as const))("%s: refused on the CIC check digit, which the specimen prints wrong on purpose", (_, back) => {
    const lines = back.fields.mrz_lines!;
    // The manifest: CIC check printed 0, computed 7; birth date check printed 7, computed 0.
    expect(mrzCheckDigit(back.fields.mrz_derived!.cic!)).toBe("7");
    expect(mrzCheckDigit(back.fields.mrz_derived!.birth_yymmdd!)).toBe("0");
    expect(parseIneMrz(lines.join("\n"), now)).toEqual({ ok: false, reason: "The CIC check digit does not match.", lines });
  });

  it.each(backs.map((b) => [b.file, b] as const))("%s: with its check digits put right, reads as the woman on the front (M, 1980) with emission 02", (_, back) => {
    const [l1, l2, l3] = back.fields.mrz_lines! as [string, string, string];
    // Only the check digits change; every other character is as transcribed.
    const fixed1 = `${l1.slice(0, 14)}${mrzCheckDigit(l1.slice(5, 14))}${l1.slice(15)}`;
    const body2 = `${l2.slice(0, 6)}${mrzCheckDigit(l2.slice(0, 6))}${l2.slice(7, 14)}${mrzCheckDigit(l2.slice(8, 14))}${l2.slice(15, 29)}`;
    const fixed2 = body2 + mrzCheckDigit(fixed1.slice(5, 30) + body2.slice(0, 7) + body2.slice(8, 15) + body2.slice(18, 29));
    expect(fixed2.slice(7, 8) + fixed2.slice(15, 29)).toBe(l2.slice(7, 8) + l2.slice(15, 29));
    const read = parseIneMrz([fixed1, fixed2, l3].join("\n"), now);
    const derived = back.fields.mrz_derived!;
    expect(read).toMatchObject({
      ok: true,
      mrz: {
        cic: derived.cic,
        ocr: derived.ocr_or_seccion_plus_identificador,
        identificadorCiudadano: derived.identificador_ciudadano,
        seccion: "0747",
        birthDate: "1980-07-05",
        sex: "M",
        expiry: "2018-12-31",
        numeroEmision: "02",
        optionalNumber: "12345",
        optionalData: "<02<<12345<",
        primerApellido: "GOMEZ",
        segundoApellido: "VELAZQUEZ",
        nombres: "MARGARITA",
      },
    });
  });
});
