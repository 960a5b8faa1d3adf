import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { renderIneFront } from "@/lib/adapters/ine/sandbox-cards";
import { SANDBOX_VOTERS } from "@/lib/adapters/ine/sandbox-voters";
import { findCard } from "@/lib/adapters/vision/find-card";
import type { IneFront } from "@/lib/mx/ine-front";
import { cardRegion } from "./ine-front-reader";
import { detectText, recogniseBoxes, unglue } from "./paddle-ocr";
import { fillByPosition } from "./read-ine-front";
import { alongTextColumn, gluedSeccionRow, isLabel, issueAndValidity, readByPosition, rowNumbers } from "./read-by-position";

// INE's official specimen (model E, holder GOMEZ VELAZQUEZ MARGARITA), read at test time; never copied into the project.
const SPECIMEN = path.resolve("../shared/realworld/ine/mateodelat+velpaNew__INE-Frente.png");

/** The picture as the front reader sees it: found, straightened, cut to the card at 1012 px, its boxes read by Paddle. */
async function positionRead(picture: Buffer) {
  const found = await findCard(picture);
  const region = await cardRegion(found.by === "outline" ? found.card : picture, { width: 1012 });
  const { width = 0, height = 0 } = await sharp(region).metadata();
  const boxes = await recogniseBoxes(region, await detectText(region));
  return readByPosition(
    boxes.map((b) => ({ ...b, text: unglue(b.text) })),
    width,
    height,
  );
}

const small = (image: Buffer, width: number) => sharp(image).resize({ width, kernel: "lanczos3" }).jpeg({ quality: 80 }).toBuffer();

describe("readByPosition: an INE front's values by where the layout prints them", () => {
  // At 320 px the specimen's labels are a few pixels high (Paddle reads DOMICILIO as "DOMCILO").
  // The card finder, which looks for outlines on a copy enlarged to 800 px, finds the whole card
  // there (its outline at 320 px was off by a tenth of the card's height). Read that way, Paddle
  // reads the second surname VELAZOUEZ (Q as O, which no grammar can repair in a name): it is
  // left out here, a known miss, not asserted as read.
  it("reads INE's 2014 specimen at 320 px wide", { timeout: 60_000 }, async () => {
    const picture = await small(await readFile(SPECIMEN), 320);
    expect(await findCard(picture)).toMatchObject({ by: "crop", sourceWidth: 326 });
    const read = await positionRead(picture);
    expect(read?.layout).toBe("2014");
    expect(read?.front).toMatchObject({
      primer_apellido: "GOMEZ",
      nombres: "MARGARITA",
      fecha_nacimiento: "1980-07-05",
      sexo: "M",
      clave_elector: "GMVLMR80070501M100",
      seccion: "0747",
      vigencia: "2024",
    });
  });

  it("tells a 2019 front (model H) by its values' grammar and reads its bottom row", { timeout: 60_000 }, async () => {
    const person = SANDBOX_VOTERS.find((p) => p.modelo === "H")!;
    const read = await positionRead(await small(await renderIneFront(person), 400));
    expect(read?.layout).toBe("2019");
    expect(read?.front).toMatchObject({ clave_elector: person.clave_elector, curp: person.curp, seccion: person.seccion, vigencia: person.vigencia, sexo: person.sexo });
  });

  describe("a birth date whose slashes small type misread", () => {
    // A 2019 front at 1012 × 638, boxes where the layout prints the clave, the CURP and the birth date.
    const person = SANDBOX_VOTERS.find((p) => p.modelo === "H")!;
    const [y, mo, d] = person.fecha_nacimiento.split("-");
    const box = (text: string, x0: number, yc: number, x1 = x0 + 16 * text.length) => ({ text, x0, y0: yc - 10, x1, y1: yc + 10 });
    const card = (date: string, clave = person.clave_elector, curp: string | null = person.curp) =>
      [box(clave, 810 - 16 * 18, 472, 810), ...(curp ? [box(curp, 324, 536)] : []), box(date, 324, 600)];

    it.each([`${d}:${mo}/${y}`, `${d}/${mo}1${y}`, `${d}${mo}${y}`])("%s: the date the clave and CURP read on the card carry", (date) => {
      expect(readByPosition(card(date), 1012, 638)?.front.fecha_nacimiento).toBe(person.fecha_nacimiento);
    });

    it("is not taken where nothing read on the card carries that date", () => {
      const otherDate = `${person.clave_elector.slice(0, 6)}991231${person.clave_elector.slice(12)}`;
      expect(readByPosition(card(`${d}:${mo}/${y}`, otherDate, null), 1012, 638)?.front.fecha_nacimiento).toBeUndefined();
    });
  });

  it("does not take DOMICILIO read «COMCLO» for the name's last line (the name pushed a line down)", () => {
    // A 2014 front 263 px wide in a photo (tune part, E model), its outline found a little low:
    // the boxes as Paddle gave them, in region fractions (1012 × 638).
    const f = (text: string, x0: number, x1: number, yc: number, h: number) => ({ text, x0: x0 * 1012, x1: x1 * 1012, y0: (yc - h / 2) * 638, y1: (yc + h / 2) * 638 });
    const boxes = [
      f("wos", 0.283, 0.357, 0.226, 0.05),
      f("YAREZ", 0.284, 0.376, 0.263, 0.067),
      f("DAZ", 0.285, 0.35, 0.322, 0.064),
      f("RUBEN", 0.284, 0.383, 0.376, 0.069),
      f("COMCLO", 0.285, 0.372, 0.432, 0.052),
      f("CINIEPENDENCAB2A", 0.274, 0.594, 0.464, 0.125),
      f("COL CENTRO", 0.282, 0.468, 0.527, 0.083),
      f("AGUASCALIENTES", 0.279, 0.53, 0.581, 0.096),
      f("YXDZRB82082301H773", 0.448, 0.784, 0.626, 0.108),
    ];
    expect(readByPosition(boxes, 1012, 638)?.front).toMatchObject({ primer_apellido: "YAREZ", segundo_apellido: "DAZ", nombres: "RUBEN" });
  });

  it("takes the name's three lines the clave's letters agree with, not a garbled DOMICILIO read as the given names", () => {
    // A 2014 front 280 px wide in a photo (tune part, seed 101, F model: VARGAS OCHOA GERMAN, clave
    // VROCGR…), its outline found a little high: the name's area unshifted holds OCHOA, GERMAN and
    // DOMICILIO read «COMOLO». Paddle's boxes, in region fractions (1012 × 638).
    const f = (text: string, x0: number, x1: number, yc: number, h = 0.05) => ({ text, x0: x0 * 1012, x1: x1 * 1012, y0: (yc - h / 2) * 638, y1: (yc + h / 2) * 638 });
    const boxes = [
      f("AE", 0.288, 0.31, 0.215, 0.04),
      f("VARGAS", 0.282, 0.39, 0.245),
      f("OCHOA", 0.279, 0.37, 0.305),
      f("GERMAN", 0.281, 0.39, 0.355),
      f("COMOLO", 0.285, 0.37, 0.425, 0.04),
      f("CINDEPENDENCIA 2358", 0.273, 0.6, 0.46),
      f("COL CENTRO", 0.282, 0.45, 0.505),
      f("CIUDAD DE MEXICO", 0.277, 0.55, 0.54),
      f("VROCGR94050709H618", 0.434, 0.78, 0.6),
      f("VAOG940507HDFRCR39", 0.316, 0.65, 0.68),
    ];
    expect(readByPosition(boxes, 1012, 638)?.front).toMatchObject({ primer_apellido: "VARGAS", segundo_apellido: "OCHOA", nombres: "GERMAN", clave_elector: "VROCGR94050709H618" });
    // With no clave or CURP read to say, or one that agrees with the other block by one letter
    // only (chance), the nearest shift's last three lines, as before.
    const shifted = { primer_apellido: "OCHOA", segundo_apellido: "GERMAN", nombres: "COMOLO" };
    expect(readByPosition(boxes.slice(0, -2), 1012, 638)?.front).toMatchObject(shifted);
    expect(readByPosition([...boxes.slice(0, -2), f("VXXXXX94050709H618", 0.434, 0.78, 0.6)], 1012, 638)?.front).toMatchObject(shifted);
  });

  it("finds the layout again when the card's outline took in the background on its left (the text column at half the width)", () => {
    // INE's 2014 specimen 318 px wide in a photo on striped cloth (tune part): the stripes joined
    // the card's left edge, the card fills the region's right three quarters. Paddle's boxes, in
    // region fractions (1012 × 638).
    const f = (text: string, x0: number, x1: number, yc: number, h = 0.05) => ({ text, x0: x0 * 1012, x1: x1 * 1012, y0: (yc - h / 2) * 638, y1: (yc + h / 2) * 638 });
    const boxes = [
      f("NOMOR", 0.507, 0.573, 0.274),
      f("HOMWONANO", 0.845, 0.973, 0.288),
      f("GOW7", 0.507, 0.596, 0.312),
      f("05/07/1980", 0.867, 0.975, 0.324),
      f("VELAZOUEZ", 0.505, 0.645, 0.355),
      f(" M", 0.905, 0.976, 0.373),
      f("WARGARITA", 0.504, 0.642, 0.4),
      f("DONCUO", 0.505, 0.591, 0.446),
      f("CPITA0ORAS1253INT4", 0.505, 0.755, 0.491),
      f("COLMORELOS04800", 0.506, 0.723, 0.537),
      f("CUAMALPADE MORELOS.DE", 0.505, 0.813, 0.583),
      f("CUA OELICO GMVLMR80070501M100", 0.505, 0.865, 0.639),
      f("OVM800705MCLMLR01AA200802", 0.505, 0.979, 0.69),
      f("00", 0.499, 0.625, 0.749),
      f("MNO004OO0747", 0.612, 0.905, 0.752),
      f("LOCA0001N20142004", 0.501, 0.901, 0.809),
    ];
    const read = readByPosition(boxes, 1012, 638);
    expect(read?.front).toMatchObject({ domicilio: "CPITA0ORAS1253INT4, COLMORELOS04800, CUAMALPADE MORELOS.DE", seccion: "0747", sexo: "M" });
    // The address's boxes are cut from the region again (Tesseract): in its own whole pixels, where
    // Paddle found them (moved, their fractions made sharp's extract throw).
    expect(read?.addressBoxes.map((b) => [b.x0, b.x1])).toEqual([boxes[8]!, boxes[9]!, boxes[10]!].map((b) => [Math.floor(b.x0), Math.ceil(b.x1)]));
    // Where the column is where the layouts put it, nothing moves.
    const placed = [f("GOMEZ", 0.335, 0.4, 0.32), f("VELAZQUEZ", 0.336, 0.45, 0.37), f("MARGARITA", 0.334, 0.45, 0.42), f("C PITAGORAS 1253", 0.335, 0.6, 0.52)];
    expect(alongTextColumn(placed, 1012).onCard).toEqual(placed);
  });

  describe("a 2014 front's bottom rows: estado, municipio, localidad, emisión", () => {
    // A 2014 front at 1012 × 638 as Paddle boxes it on a card ~290 px wide (tune part, E model):
    // the clave and CURP where the layout prints them, then the two bottom rows with labels
    // garbled and values glued across them.
    const box = (text: string, x0: number, yc: number, x1 = x0 + 16 * text.length, h = 32) => ({ text, x0, y0: yc - h / 2, x1, y1: yc + h / 2 });
    const top = [box("YXDZRB82082301H773", 500, 445, 820), box("YADR820823HASXZB02", 300, 485)];
    const rows = (row1: ReturnType<typeof box>[], row2: ReturnType<typeof box>[]) => readByPosition([...top, ...row1, ...row2], 1012, 638)?.front;

    it("reads them with the labels lost and values glued («LOCAD0001», «20152025», a speck «5»)", () => {
      const front = rows(
        [box("ISTAG0", 335, 525), box("01", 462, 525), box("MUNICPIO", 553, 525), box("049S", 660, 525, 818), box("0824", 805, 525, 903)],
        [box("LOCAD0001", 329, 568), box("5", 539, 570, 551, 9), box("LMSON", 547, 569), box("20152025", 660, 567, 903)],
      );
      expect(front).toMatchObject({ estado: "01", municipio: "049", seccion: "0824", localidad: "0001", anio_emision: "2015", vigencia: "2025" });
    });

    it("does not read a 2019 front's bottom row (birth date, sección, «2022 - 2032») as a 2014 one's", () => {
      const person = SANDBOX_VOTERS.find((p) => p.modelo === "H")!;
      const [y, mo, d] = person.fecha_nacimiento.split("-");
      const read = readByPosition([box(person.clave_elector, 810 - 16 * 18, 472, 810), box(person.curp, 324, 536), box(`${d}/${mo}/${y}`, 324, 600), box("1622", 600, 600, 660), box("2022 - 2032", 700, 600, 840)], 1012, 638);
      expect(read?.layout).toBe("2019");
      expect(read?.front).toMatchObject({ seccion: "1622", vigencia: "2032" });
      expect(read?.front).not.toHaveProperty("localidad");
      expect(read?.front).not.toHaveProperty("anio_emision");
    });

    it("reads AÑO DE REGISTRO and the rows of a card that sits higher than the layout (background above it in the outline)", () => {
      // Everything 0.06 of the height (38 px) up: the clave at the top of its area, the CURP's line
      // and the rows out of theirs at the first shift that takes the clave in.
      const up = (b: ReturnType<typeof box>) => ({ ...b, y0: b.y0 - 38, y1: b.y1 - 38 });
      const front = readByPosition(
        [...top, box("AOOMGPO200802", 700, 485, 990), box("22", 462, 525), box("M078", 553, 525, 710), box("2793", 805, 525, 903), box("0001", 400, 568), box("2014W4N02024", 660, 567, 903)].map(up),
        1012,
        638,
      )?.front;
      expect(front).toMatchObject({ anio_registro: "2008", estado: "22", municipio: "078", seccion: "2793", localidad: "0001", anio_emision: "2014", vigencia: "2024" });
    });

    it("takes no emisión whose vigencia is not ten years after it, and no estado or municipio without the sección that ends their row", () => {
      const front = rows([box("01", 462, 525), box("049.024", 600, 525, 870)], [box("0001", 400, 568), box("20152026", 660, 567, 903)]);
      expect(front).not.toHaveProperty("anio_emision");
      expect(front).not.toHaveProperty("localidad");
      expect(front).not.toHaveProperty("municipio");
      expect(front).not.toHaveProperty("estado");
    });
  });

  it("gives nothing for boxes that are no card", () => {
    expect(readByPosition([{ text: "HOLA", x0: 10, y0: 10, x1: 90, y1: 30 }], 1012, 638)).toBeNull();
  });
});

describe("fillByPosition: what the labels placed stays", () => {
  const empty = Object.fromEntries(
    ["nombres", "primer_apellido", "segundo_apellido", "nombre_completo", "curp", "clave_elector", "fecha_nacimiento", "sexo", "seccion", "vigencia", "domicilio", "anio_registro", "anio_emision", "num_emisiones", "estado", "municipio", "localidad"].map((k) => [k, null]),
  ) as IneFront;

  it("fills empty fields and keeps the labels' values", () => {
    const out = fillByPosition({ ...empty, seccion: "0747" }, { seccion: "0741", sexo: "M" });
    expect(out.seccion).toBe("0747");
    expect(out.sexo).toBe("M");
  });

  it("takes the name's three lines only when the labels placed none of them", () => {
    const names = { nombres: "MARGARITA", primer_apellido: "GOMEZ", segundo_apellido: "VELAZQUEZ", nombre_completo: "MARGARITA GOMEZ VELAZQUEZ" };
    expect(fillByPosition({ ...empty, primer_apellido: "GOMES" }, names)).toMatchObject({ primer_apellido: "GOMES", nombres: null });
    expect(fillByPosition(empty, names)).toMatchObject(names);
  });
});

describe("rowNumbers: a row's numbers of known lengths, from its end", () => {
  it("splits values the detector joined across a lost label", () => {
    expect(rowNumbers("LOCAD0001 LMSON 20152025", [4, 4, 4])).toEqual(["0001", "2015", "2025"]);
    expect(rowNumbers("ISTAG0 01 MUNICPIO 049S 0824", [2, 3, 4])).toEqual(["01", "049", "0824"]);
    expect(rowNumbers("ESTADO 09 MUNICIPIO 0040747", [2, 3, 4])).toEqual(["09", "004", "0747"]);
  });

  it("leaves out a label's last letter read as a 0 before a value, and reads O and D in a number as 0", () => {
    expect(rowNumbers("01 CN0049COOK0824", [2, 3, 4])).toEqual(["01", "049", "0824"]);
    expect(rowNumbers("MNP0046C02470", [3, 4], false)).toEqual(["046", "2470"]);
    expect(rowNumbers("00001 2014 2024", [4, 4, 4])).toEqual(["0001", "2014", "2024"]);
    expect(rowNumbers("LOCALIDAD OOD1 EMSION 2018 2028", [4, 4, 4])).toEqual(["0001", "2018", "2028"]);
    // A point parts numbers: «004.1c0747» is 004, 1, 0747, not 0041.
    expect(rowNumbers("09 MNCO004.1c0747", [2, 3, 4])).toEqual([null, null, "0747"]);
  });

  it("places nothing before a run that fits no value", () => {
    expect(rowNumbers("01 049.024", [2, 3, 4])).toEqual([null, null, null]);
    expect(rowNumbers("5 049 0824", [2, 3, 4])).toEqual([null, "049", "0824"]);
    // Apart only: a birth date «15/0711980» is no ESTADO 15 MUNICIPIO 071 SECCIÓN 1980.
    expect(rowNumbers("15/0711980", [2, 3, 4], false)).toEqual([null, null, null]);
  });
});

describe("gluedSeccionRow: MUNICIPIO and SECCIÓN run into one number after ESTADO", () => {
  it("takes SECCIÓN from the run's end and MUNICIPIO from before it, the label's zeros dropped", () => {
    expect(gluedSeccionRow("ESTACO 06 VNORO 0374789")).toEqual(["06", "037", "4789"]);
    expect(gluedSeccionRow("ESOCO 22 MNO07802793")).toEqual(["22", "078", "2793"]);
    expect(gluedSeccionRow("00 09 00310002358")).toEqual(["09", "031", "2358"]);
    // A municipio ending in 0 keeps it: the zeros dropped never take it under three digits.
    expect(gluedSeccionRow("15 04004789")).toEqual(["15", "040", "4789"]);
  });

  it("takes SECCIÓN alone where only zeros stand before it", () => {
    expect(gluedSeccionRow("EEDOO 21 002698")).toEqual(["21", null, "2698"]);
  });

  it("takes nothing from a birth date, an ESTADO out of INE's 01–32, or a run that leaves no municipio", () => {
    expect(gluedSeccionRow("15/0711980")).toEqual([null, null, null]);
    expect(gluedSeccionRow("47 0374789")).toEqual([null, null, null]);
    expect(gluedSeccionRow("06 1234564789")).toEqual([null, null, null]);
    expect(gluedSeccionRow("069C000747")).toEqual([null, null, null]);
    // The CURP above, in the row when the card sits a little off: its last digits are no ESTADO.
    expect(gluedSeccionRow("QNUMI851206HPLXRV26 AOM0201200")).toEqual([null, null, null]);
  });
});

describe("issueAndValidity: EMISIÓN and VIGENCIA with VIGENCIA's label read as a few characters between", () => {
  it("takes two years ten apart with up to four characters between, and the localidad apart before them", () => {
    expect(issueAndValidity("2018W4N02028")).toEqual([null, "2018", "2028"]);
    expect(issueAndValidity("0001 20140042024")).toEqual(["0001", "2014", "2024"]);
    expect(issueAndValidity("201702027")).toEqual([null, "2017", "2027"]);
    // «L0001 0 2015 0 2025»: which four digits before 2015 are the localidad's is not known.
    expect(issueAndValidity("L00010201502025")).toEqual([null, "2015", "2025"]);
  });

  it("takes no two years that are not ten apart, or further apart than a label", () => {
    expect(issueAndValidity("2015002026")).toEqual([null, null, null]);
    expect(issueAndValidity("2014 VIGENCIA 2024")).toEqual([null, null, null]);
  });
});

describe("isLabel: NOMBRE and DOMICILIO as small type reads them", () => {
  it.each(["DOMICILIO", "DOMCILO", "COMCLO", "DOWCLIO", "NOMBRE"])("%s is a label", (text) => expect(isLabel(text)).toBe(true));
  it.each(["RUBEN", "DOMINGO", "YAÑEZ", "NOE", "EMILIO"])("%s is a name", (text) => expect(isLabel(text)).toBe(false));
});
