import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { FoundCard } from "@/lib/adapters/vision/find-card";
import type { IneFront, OcrWord } from "@/lib/mx/ine-front";
import type { IneFrontReader } from "./ine-front-reader";
import { greedyOf, latticeOf } from "./lattice-fixture";
import { wordsOf } from "./paddle-ocr";
import { birthDateOf, chooseCurp, curpTheCardAgrees, emisionOf, estadoOf, namesTheCardAgrees, readIneFront, SEXO_2019, sexOf, tildesWithTheirLetters } from "./read-ine-front";

/** One OCR word a space-separated word (as lib/mx/ine-front.test.ts lays them out). */
function line(text: string, x: number, y: number, h = 22): OcrWord[] {
  const out: OcrWord[] = [];
  let x0 = x;
  for (const word of text.split(" ").filter(Boolean)) {
    const x1 = x0 + Math.round(word.length * 0.875 * h);
    out.push({ text: word, x0, y0: y, x1, y1: y + h });
    x0 = x1 + Math.round(0.55 * h);
  }
  return out;
}

// A 2019 front as Tesseract reads INE's specimen (../shared/realworld/ine, model G): every label
// but SEXO, which it prints at the top right over guilloche and the whole-card read passes over.
const front2019 = [
  ...line("NOMBRE", 339, 167, 18),
  ...line("GOMEZ", 339, 192),
  ...line("VELAZQUEZ", 338, 218),
  ...line("MARGARITA", 339, 245),
  ...line("DOMICILIO", 339, 314, 18),
  ...line("VIADUCTO TLALPAN NO. 100", 338, 338),
  ...line("COL. ARENAL TEPEPAN, ALCALDIA", 338, 364),
  ...line("TLALPAN. C.P. 14610, CIUDAD DE MEXICO.", 338, 390),
  ...line("CLAVE DE ELECTOR GMVLMR80070501M100", 337, 430),
  ...line("CURP", 337, 461, 18),
  ...line("GOVM800705MCLR01", 339, 487),
  ...line("FECHA DE NACIMIENTO", 338, 524, 18),
  ...line("05/07/1980", 338, 549),
];

/** Every field a 2019 front prints (front2019 and the rest), its CURP as given. */
const whole2019 = (curp: string) => [
  ...front2019.map((w) => (w.text.startsWith("GOVM") ? { ...w, text: curp } : w)),
  ...line("AÑO DE REGISTRO", 700, 461, 18),
  ...line("2008 02", 700, 487),
  ...line("SECCIÓN", 820, 524, 18),
  ...line("0747", 820, 549),
  ...line("VIGENCIA", 1000, 524, 18),
  ...line("2019 - 2029", 1000, 549),
];

/** A reader that gives `card` for the whole card and `area` for an area, and notes what it was asked. */
function fakeReader(card: OcrWord[], area: OcrWord[]) {
  const asked: string[] = [];
  const reader: IneFrontReader = {
    async read(_image, options = {}) {
      asked.push(options.area ? "area" : "card");
      return options.area ? area : card;
    },
  };
  return { reader, asked };
}

describe("readIneFront: the 2019 front's SEXO", () => {
  it("read from its area when the whole card did not give it", async () => {
    const { reader, asked } = fakeReader(front2019, line("SEXO M", 40, 20, 30));
    const { front } = await readIneFront(reader, new Uint8Array());
    expect(front.sexo).toBe("M");
    expect(asked.filter((a) => a === "area")).toHaveLength(1);
    expect(SEXO_2019.left + SEXO_2019.width).toBeLessThanOrEqual(1);
  });

  // Without its clave de elector, whose H or M would give the sex (sexOf).
  const noClave = front2019.filter((w) => w.y0 !== 430);

  it("an area with no SEXO in it leaves it unread, read once whatever the passes", async () => {
    const { reader, asked } = fakeReader(noClave, line("PA", 40, 20, 30));
    expect((await readIneFront(reader, new Uint8Array())).front.sexo).toBeNull();
    expect(asked.filter((a) => a === "card").length).toBeGreaterThan(1);
    expect(asked.filter((a) => a === "area")).toHaveLength(1);
  });

  it("not on a 2014 front (ESTADO, MUNICIPIO, LOCALIDAD printed), where SEXO has another place", async () => {
    const front2014 = [...noClave, ...line("ESTADO 09", 349, 600), ...line("MUNICIPIO 004", 560, 600)];
    const { reader, asked } = fakeReader(front2014, line("SEXO M", 40, 20, 30));
    expect((await readIneFront(reader, new Uint8Array())).front.sexo).toBeNull();
    expect(asked).not.toContain("area");
  });
});

describe("readIneFront: a reader's own passes", () => {
  it("are made in its order, each with its engine, filling what the first pass missed", async () => {
    // The first pass (Tesseract in combinedIneFrontReader) misses the CURP; the Paddle pass reads it.
    const noCurp = front2019.filter((w) => !w.text.startsWith("GOVM"));
    const withCurp = front2019.map((w) => (w.text.startsWith("GOVM") ? { ...w, text: "GOVM800705MCLMLR01" } : w));
    const asked: (string | undefined)[] = [];
    const reader: IneFrontReader = {
      async read(_image, options = {}) {
        if (options.area) return [];
        asked.push(options.engine ?? `tesseract ${options.width}`);
        return options.engine === "paddle" ? withCurp : noCurp;
      },
      passes: [{ width: 1012 }, { width: 1012, engine: "paddle" }],
    };
    const { front } = await readIneFront(reader, new Uint8Array());
    expect(asked.slice(-2)).toEqual(["tesseract 1012", "paddle"]);
    expect(asked).not.toContain("tesseract 1600");
    expect(front.curp).toBe("GOVM800705MCLMLR01");
    expect(front.nombres).toBe("MARGARITA");
  });
});

describe("readIneFront: a 2019 front read whole in its first pass", () => {
  it("makes no other pass: it prints no EMISIÓN, and its SEXO comes from its area", async () => {
    // Every field a 2019 front prints, with a CURP that passes its check digit and that the names agree with (the specimen's, its check digit mended).
    const whole = whole2019("GOVM800705MCLMLR07");
    const asked: string[] = [];
    const reader: IneFrontReader = {
      async read(_image, options = {}) {
        asked.push(options.area ? "area" : (options.engine ?? `tesseract ${options.width}`));
        return options.area ? line("SEXO M", 40, 20, 30) : whole;
      },
      passes: [{ width: 1012 }, { width: 1012, engine: "paddle" }, { width: 1600, threshold: 140 }],
    };
    const { front } = await readIneFront(reader, new Uint8Array());
    expect(front).toMatchObject({ sexo: "M", seccion: "0747", vigencia: "2029", anio_registro: "2008", anio_emision: null, curp: "GOVM800705MCLMLR07" });
    // The first pass only (its first turn gave the labels): neither Paddle's nor the thresholded one.
    expect(asked.filter((a) => a !== "area")).toEqual(["tesseract 1012"]);
    expect(asked.filter((a) => a === "area")).toHaveLength(1);
  });
});

/**
 * A reader of three passes (Tesseract, Paddle, Tesseract thresholded) whose Tesseract passes read
 * `tesseract` and whose Paddle pass reads `paddle`; the SEXO area reads M. `asked` lists the passes made.
 */
function passesReading(tesseract: OcrWord[], paddle: OcrWord[]) {
  const asked: string[] = [];
  const reader: IneFrontReader = {
    async read(_image, options = {}) {
      if (options.area) return line("SEXO M", 40, 20, 30);
      asked.push(options.engine ?? `tesseract ${options.width}`);
      return options.engine === "paddle" ? paddle : tesseract;
    },
    passes: [{ width: 1012 }, { width: 1012, engine: "paddle" }, { width: 1600, threshold: 140 }],
  };
  return { reader, asked };
}

describe("readIneFront: a name line the valid CURP contradicts", () => {
  it("is read on by the next pass, and the answer takes that pass's line, which the CURP agrees with", async () => {
    const whole = whole2019("GOVM800705MCLMLR07");
    // GONEZ: the CURP's 14th letter is GOMEZ's M.
    const misread = whole.map((w) => (w.text === "GOMEZ" ? { ...w, text: "GONEZ" } : w));
    const { reader, asked } = passesReading(misread, whole);
    const { front } = await readIneFront(reader, new Uint8Array());
    expect(asked).toEqual(["tesseract 1012", "paddle"]);
    expect(front).toMatchObject({ primer_apellido: "GOMEZ", nombre_completo: "MARGARITA GOMEZ VELAZQUEZ" });
  });
});

describe("readIneFront: a CURP that passes its check digit by chance", () => {
  it("gives way to the next pass's, which the names fit, and the passes stop there", async () => {
    const { reader, asked } = passesReading(whole2019("OVMB800705MCLMLR01"), whole2019("GOVM800705MCLMLR07"));
    const { front } = await readIneFront(reader, new Uint8Array());
    expect(asked).toEqual(["tesseract 1012", "paddle"]);
    expect(front.curp).toBe("GOVM800705MCLMLR07");
  });
});

describe("readIneFront: an address read cut short", () => {
  it("is read on by the next pass, whose whole line the answer takes", async () => {
    // Every field in the first pass, but the street ends on NO. without its number.
    const whole = whole2019("GOVM800705MCLMLR07");
    const cut = whole.filter((w) => w.text !== "100");
    const { reader, asked } = passesReading(cut, whole);
    const { front } = await readIneFront(reader, new Uint8Array());
    expect(asked).toEqual(["tesseract 1012", "paddle"]);
    expect(front.domicilio).toBe("VIADUCTO TLALPAN NO. 100, COL. ARENAL TEPEPAN, ALCALDIA, TLALPAN. C.P. 14610, CIUDAD DE MEXICO.");
  });

  it("of one line is read on by the next pass, whose lines the answer takes (INE prints two at least)", async () => {
    const whole = whole2019("GOVM800705MCLMLR07");
    const oneLine = whole.filter((w) => w.y0 !== 364 && w.y0 !== 390);
    const { reader, asked } = passesReading(oneLine, whole);
    const { front } = await readIneFront(reader, new Uint8Array());
    expect(asked).toEqual(["tesseract 1012", "paddle"]);
    expect(front.domicilio).toBe("VIADUCTO TLALPAN NO. 100, COL. ARENAL TEPEPAN, ALCALDIA, TLALPAN. C.P. 14610, CIUDAD DE MEXICO.");
  });

  it("read so by every pass stays as read, after every pass", async () => {
    const cut = whole2019("GOVM800705MCLMLR07").filter((w) => w.text !== "100");
    const { reader, asked } = passesReading(cut, cut);
    const { front } = await readIneFront(reader, new Uint8Array());
    expect(asked).toEqual(["tesseract 1012", "paddle", "tesseract 1600"]);
    expect(front.domicilio).toBe("VIADUCTO TLALPAN NO., COL. ARENAL TEPEPAN, ALCALDIA, TLALPAN. C.P. 14610, CIUDAD DE MEXICO.");
  });
});

describe("readIneFront: a CURP the card prints invalid", () => {
  const readerOf = (curps: string[]) => {
    const asked: string[] = [];
    const reader: IneFrontReader = {
      async read(_image, options = {}) {
        if (options.area) return line("SEXO M", 40, 20, 30);
        asked.push(options.engine ?? `tesseract ${options.width}`);
        return whole2019(curps[asked.length - 1]!);
      },
      passes: [{ width: 1012 }, { width: 1012, engine: "paddle" }, { width: 1600, threshold: 140 }, { width: 1400 }],
    };
    return { reader, asked };
  };

  it("read alike by two passes ends the reading, and is given as printed", async () => {
    const { reader, asked } = readerOf(["GOVM800705MCLRO1", "GOVM800705MCLR01", "GOVM800705MCLR01", "GOVM800705MCLR01"]);
    const { front } = await readIneFront(reader, new Uint8Array());
    expect(asked).toEqual(["tesseract 1012", "paddle"]);
    expect(front).toMatchObject({ curp: "GOVM800705MCLR01", seccion: "0747", sexo: "M" });
  });

  it("read differently by each pass, and each reading one the names contradict, every pass is made", async () => {
    // GOMEZ VELAZQUEZ MARGARITA gives GOVM…MLR: each reading has one of those letters misread.
    const { reader, asked } = readerOf(["GOVN800705MCLMLR01", "GOVM800705MCLNLR01", "GOVM800705MCLMIR01", "GOVM800705MCLMLA01"]);
    await readIneFront(reader, new Uint8Array());
    expect(asked).toHaveLength(4);
  });

  it("read once after Paddle's pass, failing its check digit alone with every letter the card fixes its own, ends the reading", async () => {
    const { reader, asked } = readerOf(["GOVN800705MCLMLR01", "GOVM800705MCLMLR01", "GOVM800705MCLMLR04", "GOVM800705MCLMLR09"]);
    const { front } = await readIneFront(reader, new Uint8Array());
    expect(asked).toEqual(["tesseract 1012", "paddle"]);
    expect(front.curp).toBe("GOVM800705MCLMLR01");
  });

  it("a vouched reading of Tesseract's first pass ends the reading only once Paddle's pass has run", async () => {
    const { reader, asked } = readerOf(["GOVM800705MCLMLR01", "GOVM800705MCLNLR01", "GOVM800705MCLMIR01", "GOVM800705MCLMLA01"]);
    await readIneFront(reader, new Uint8Array());
    expect(asked).toEqual(["tesseract 1012", "paddle"]);
  });
});

describe("chooseCurp", () => {
  const card = { primer_apellido: "GOMEZ", segundo_apellido: "VELAZQUEZ", nombres: "MARGARITA", fecha_nacimiento: "1980-07-05", sexo: "M", curp: null } as IneFront;
  const read = (curp: string | null, curpWhole = true, curpShapes: string[] = []) => ({ front: { ...card, curp } as IneFront, curpWhole, curpShapes });

  it("a reading that passes its check digit wins", () => {
    // NUGA800715HJCXRN07 passes (sandbox person José); the other reading fails.
    expect(chooseCurp([read("GOVM800705MCLMLR01"), read("NUGA800715HJCXRN07")], card)).toBe("NUGA800715HJCXRN07");
  });

  it("of two that pass, the one the names fit: a misread passes its check digit one time in ten", () => {
    // OVMB800705MCLMLR01 passes its check digit; GOMEZ VELAZQUEZ MARGARITA gives GOVM.
    expect(chooseCurp([read("OVMB800705MCLMLR01"), read("GOVM800705MCLMLR07")], card)).toBe("GOVM800705MCLMLR07");
    // Alone, it still wins over one that fails.
    expect(chooseCurp([read("OVMB800705MCLMLR01"), read("GOVM800705MCLMLR01")], card)).toBe("OVMB800705MCLMLR01");
  });

  it("none passing: the one that agrees most with the card, then a whole word over a cut one, then the most read", () => {
    // The OCR's I for M (GOMEZ's inner consonant) agrees less with the card.
    expect(chooseCurp([read("GOVM800705MCLILR01"), read("GOVM800705MCLMLR01")], card)).toBe("GOVM800705MCLMLR01");
    expect(chooseCurp([read("GOVM800705MCLMLR09", false), read("GOVM800705MCLMLR01", true)], card)).toBe("GOVM800705MCLMLR01");
    expect(chooseCurp([read("GOVM800705MCLMLR09"), read("GOVM800705MCLMLR01"), read("GOVM800705MCLMLR01")], card)).toBe("GOVM800705MCLMLR01");
  });

  it("a pass that missed the CURP's label offers the words of its shape that fit the card", () => {
    expect(chooseCurp([read("GOVM800705MCLMLR09", false), read(null, false, ["GOVM800705MCLMLR01"])], card)).toBe("GOVM800705MCLMLR01");
    // One that does not fit (another birth date) is not offered.
    expect(chooseCurp([read(null, false, ["GOVM800706MCLMLR01"])], card)).toBeNull();
  });
});

describe("readIneFront: the card found in the picture", () => {
  /** A reader that reads nothing and notes the turns and the image it was asked. */
  function turnsAsked() {
    const asked: { turn: number; bytes: number }[] = [];
    const reader: IneFrontReader = {
      async read(image, options = {}) {
        if (!options.area) asked.push({ turn: options.turn ?? 0, bytes: image.byteLength });
        return [];
      },
    };
    return { reader, asked };
  }
  const found = async (width: number, height: number, by: FoundCard["by"], coverage = 0.4): Promise<FoundCard> => ({
    card: await sharp({ create: { width, height, channels: 3, background: "#fff" } }).png().toBuffer(),
    by,
    pictureWidth: 1400,
    pictureHeight: 1050,
    coverage,
    sourceWidth: Math.max(width, height),
    sharpness: 1000,
  });

  it("reads the card found, and tries only the turns that keep it along its long side or across", async () => {
    for (const [w, h, turns] of [[1012, 638, [0, 180]], [638, 1012, [90, 270]]] as const) {
      const card = await found(w, h, "outline");
      const { reader, asked } = turnsAsked();
      await readIneFront(reader, new Uint8Array([1, 2, 3]), card);
      expect([...new Set(asked.slice(0, 2).map((a) => a.turn))]).toEqual(turns);
      expect(asked.every((a) => a.bytes === card.card.byteLength)).toBe(true);
    }
  });

  it("reads the picture as it came when no outline was found or a square card fills it: two turns for a card's proportions", async () => {
    // Before, all four turns: on a small card whose labels no turn reads, two Tesseract reads of
    // the whole card for nothing.
    for (const [card, turns] of [
      [await found(1012, 638, "whole"), [0, 180]],
      [await found(1012, 638, "crop", 0.8), [0, 180]],
      [await found(638, 1012, "crop", 0.8), [90, 270]],
    ] as const) {
      const { reader, asked } = turnsAsked();
      await readIneFront(reader, new Uint8Array([1, 2, 3]), card);
      expect(asked.slice(0, 2).map((a) => a.turn)).toEqual(turns);
      expect(asked.some((a) => !(turns as readonly number[]).includes(a.turn))).toBe(false);
      expect(asked.every((a) => a.bytes === 3)).toBe(true);
    }
  });

  it("reads a card too small for its labels (one that must vouch for itself) only as it came", async () => {
    const card = { ...(await found(1012, 638, "outline")), sourceWidth: 300 };
    const { reader, asked } = turnsAsked();
    await readIneFront(reader, new Uint8Array([1, 2, 3]), card);
    expect(asked.length).toBeGreaterThan(1);
    expect(asked.every((a) => a.turn === 0)).toBe(true);
  });

  it("leaves out a narrow card's passes for wide cards only, and a blurred wide card's turns in", async () => {
    const widths = async (card: FoundCard) => {
      const asked: (number | undefined)[] = [];
      const reader: IneFrontReader = {
        async read(_image, options = {}) {
          if (!options.area) asked.push(options.width);
          return [];
        },
        passes: [{ width: 1012 }, { width: 1600, threshold: 140, wideCardsOnly: true }, { width: 1400 }],
      };
      await readIneFront(reader, new Uint8Array([1, 2, 3]), card);
      return asked;
    };
    const wide = await found(1012, 638, "outline");
    expect(await widths({ ...wide, sourceWidth: 300 })).toEqual([1012, 1400]);
    // Wide but blurred: it must vouch too (front-picture readProblem), yet its labels read, so both turns and every pass.
    expect(await widths({ ...wide, sharpness: 50 })).toEqual([1012, 1012, 1600, 1400]);
  });

  it("calls a turn upright from two labels: a blurred card is not read again turned over, one with a label or none is", async () => {
    const card = await found(1012, 638, "outline");
    for (const [labels, turns] of [
      [["NOMBRE", "DOMICILIO"], [0]],
      [["DOMICILIO"], [0, 180]],
      [[], [0, 180]],
    ] as const) {
      const asked: number[] = [];
      const reader: IneFrontReader = {
        async read(_image, options = {}) {
          if (!options.area && options.width === 1012) asked.push(options.turn ?? 0);
          return options.turn ? [] : labels.flatMap((label, i) => line(label, 339, 167 + 150 * i, 18));
        },
        passes: [{ width: 1012 }, { width: 1400 }],
      };
      await readIneFront(reader, new Uint8Array([1, 2, 3]), card);
      expect(asked).toEqual(turns);
    }
  });

  it("tries every turn on a picture of other proportions (a 4:3 photo read whole) or none the finder opened", async () => {
    for (const card of [await found(1400, 1050, "whole"), undefined]) {
      const { reader, asked } = turnsAsked();
      await readIneFront(reader, new Uint8Array([1, 2, 3]), card);
      expect(asked.slice(0, 4).map((a) => a.turn)).toEqual([0, 90, 270, 180]);
    }
  });
});

describe("readIneFront: what the labels leave empty, read by position", () => {
  // A small card: the labels unread ("DONOUSS"), so nothing is placed by label; the reader's
  // position read (read-by-position.ts) still gives the values.
  const unlabelled = [...line("DONOUSS", 339, 167, 18), ...line("BELTRAN", 339, 192), ...line("FLORES", 338, 218), ...line("MARTIN", 339, 245)];
  const byPosition = { primer_apellido: "BELTRÁN", segundo_apellido: "FLORES", nombres: "MARTÍN", nombre_completo: "MARTÍN BELTRÁN FLORES", seccion: "4622", sexo: "H" as const };

  it("fills the fields the passes left empty, at the turn the passes found", async () => {
    const turns: number[] = [];
    const reader: IneFrontReader = { read: async () => unlabelled, passes: [{ width: 1012 }], byPosition: async (_image, turn) => (turns.push(turn), byPosition) };
    const { front } = await readIneFront(reader, new Uint8Array());
    expect(front).toMatchObject(byPosition);
    expect(turns).toHaveLength(1);
  });

  it("keeps what the labels placed: the name's lines stay together", async () => {
    const reader: IneFrontReader = { read: async () => front2019, passes: [{ width: 1012 }], byPosition: async () => byPosition };
    const { front } = await readIneFront(reader, new Uint8Array());
    expect(front).toMatchObject({ primer_apellido: "GOMEZ", segundo_apellido: "VELAZQUEZ", nombres: "MARGARITA", seccion: "4622", sexo: "H" });
  });
});

describe("readIneFront: what the position read gives ends the passes", () => {
  // INE's 2019 specimen with its VIGENCIA unread by label; its CURP (16 characters as printed) read alike by two passes.
  const noVigencia = whole2019("GOVM800705MCLR01").filter((w) => !["VIGENCIA", "2019", "-", "2029"].includes(w.text));
  const PASSES = [{ width: 1012 }, { width: 1012, engine: "paddle" as const }, { width: 1600, threshold: 140 }, { width: 1400 }];
  const cardOf = async (sourceWidth: number): Promise<FoundCard> => ({
    card: await sharp({ create: { width: 1012, height: 638, channels: 3, background: "#fff" } }).png().toBuffer(),
    by: "outline",
    pictureWidth: 1400,
    pictureHeight: 1050,
    coverage: 0.4,
    sourceWidth,
    sharpness: 1000,
  });
  const readerOf = (passes: IneFrontReader["passes"]) => {
    const asked: string[] = [];
    let positions = 0;
    const reader: IneFrontReader = {
      async read(_image, options = {}) {
        if (options.area) return line("SEXO M", 40, 20, 30);
        asked.push(options.engine ?? `tesseract ${options.width}`);
        return noVigencia;
      },
      passes,
      byPosition: async () => (positions++, { vigencia: "2029" }),
    };
    return { reader, asked, positions: () => positions };
  };

  it("once the Paddle pass is read, its boxes read by position fill the front, and no pass is read for what they gave", async () => {
    const { reader, asked, positions } = readerOf(PASSES);
    const { front } = await readIneFront(reader, new Uint8Array(), await cardOf(300));
    expect(asked).toEqual(["tesseract 1012", "paddle"]);
    expect(front).toMatchObject({ vigencia: "2029", curp: "GOVM800705MCLR01" });
    expect(positions()).toBe(1);
  });

  it("on a wide card too: a VIGENCIA no pass reads by label is no reason for more passes", async () => {
    const { reader, asked, positions } = readerOf(PASSES);
    const { front } = await readIneFront(reader, new Uint8Array(), await cardOf(900));
    expect(asked).toEqual(["tesseract 1012", "paddle"]);
    expect(front.vigencia).toBe("2029");
    expect(positions()).toBe(1);
  });

  it("not before the Paddle pass: a reader without one reads every pass, then by position once", async () => {
    const { reader, asked, positions } = readerOf([{ width: 1012 }, { width: 1400 }]);
    const { front } = await readIneFront(reader, new Uint8Array(), await cardOf(300));
    expect(asked).toEqual(["tesseract 1012", "tesseract 1400"]);
    expect(front.vigencia).toBe("2029");
    expect(positions()).toBe(1);
  });
});

describe("readIneFront: a CURP no reading passes, mended by the rest of the card", () => {
  // The 268 px sandbox card of bench:identity's tune part: Paddle read its CURP BEFM040706IASLLRE2
  // (6 for 8, I for H); its names, birth date and sex came from the position read.
  const read = [...line("DONOUSS", 339, 167, 18), ...line("BEFM040706IASLLRE2", 339, 487)];
  const byPosition = { primer_apellido: "BELTRÁN", segundo_apellido: "FLORES", nombres: "MARTÍN", nombre_completo: "MARTÍN BELTRÁN FLORES", fecha_nacimiento: "2004-07-08", sexo: "H" as const };

  it("from the passes' text, with the names and birth date the position read gave", async () => {
    const reader: IneFrontReader = { read: async () => read, passes: [{ width: 1012 }], byPosition: async () => byPosition };
    expect((await readIneFront(reader, new Uint8Array())).front.curp).toBe("BEFM040708HASLLRE2");
  });

  it("not when nothing else on the card vouches for the change", async () => {
    const reader: IneFrontReader = { read: async () => read, passes: [{ width: 1012 }], byPosition: async () => ({ ...byPosition, fecha_nacimiento: null }) };
    expect((await readIneFront(reader, new Uint8Array())).front.curp).not.toBe("BEFM040708HASLLRE2");
  });
});

describe("readIneFront: Paddle's boxes read again under the CURP's grammar", () => {
  it("takes the recogniser's second choice where its first leaves no CURP that passes its check digit", async () => {
    // Margarita's CURP as a valid one would be (GOVM800705MCLMLR07), its check digit read A
    // with the 7 second (lattice-fixture).
    const chars = [..."GOVM800705MCLMLR07"];
    chars[17] = "7>A";
    const lattice = latticeOf(chars);
    const curpBox = wordsOf([{ text: greedyOf(lattice), confidence: 0.8, x0: 339, y0: 487, x1: 700, y1: 509, lattice }]);
    const words = [...front2019.filter((w) => !w.text.startsWith("GOVM")), ...curpBox];
    const reader: IneFrontReader = { read: async (_image, options = {}) => (options.area ? [] : words), passes: [{ width: 1012 }] };
    const { front } = await readIneFront(reader, new Uint8Array());
    expect(front.curp).toBe("GOVM800705MCLMLR07");
  });
});

describe("birthDateOf: the birth date the card gives", () => {
  const now = new Date("2026-11-27T00:00:00Z");
  const card = { primer_apellido: "CASTRO", segundo_apellido: "RIOS", nombres: "ITZEL", fecha_nacimiento: null, sexo: "M", curp: null } as unknown as IneFront;

  it("mends a printed year no voter was born in by the CURP's century, else by the voter's age", () => {
    expect(birthDateOf({ ...card, fecha_nacimiento: "1592-03-16", curp: "CARI920316MZSSMT28" }, now)).toBe("1992-03-16");
    // 2080 is not yet, 2004 could be: the 1900s only where the 2000s would make a minor.
    expect(birthDateOf({ ...card, fecha_nacimiento: "1080-07-05" }, now)).toBe("1980-07-05");
    expect(birthDateOf({ ...card, fecha_nacimiento: "2080-07-05" }, now)).toBe("1980-07-05");
    expect(birthDateOf({ ...card, fecha_nacimiento: "2004-07-05" }, now)).toBe("2004-07-05");
    // A minor's date stays a minor's: only a year yet to come is a misread century.
    expect(birthDateOf({ ...card, fecha_nacimiento: "2012-07-05" }, now)).toBe("2012-07-05");
    expect(birthDateOf({ ...card, fecha_nacimiento: "2092-03-16", curp: "CARI920316MZSSMT28" }, now)).toBe("1992-03-16");
    // A CURP that passes its check digit with a letter for its differentiator says 2092 too: not yet, so not the card's.
    expect(birthDateOf({ ...card, fecha_nacimiento: "2092-03-16", curp: "CARI920316MZSSMTA2" }, now)).toBe("1992-03-16");
    expect(birthDateOf({ ...card, fecha_nacimiento: "1504-07-08" }, now)).toBeNull();
    expect(birthDateOf({ ...card, fecha_nacimiento: "1992-03-16", curp: "CARI920316MZSSMT28" }, now)).toBe("1992-03-16");
  });

  it("takes an unread one from a CURP that passes its check digit and that the names do not contradict", () => {
    expect(birthDateOf({ ...card, curp: "CARI920316MZSSMT28" }, now)).toBe("1992-03-16");
    expect(birthDateOf({ ...card, curp: "CARI920316MZSSMT29" }, now)).toBeNull();
    expect(birthDateOf({ ...card, nombres: "ANA", curp: "CARI920316MZSSMT28" }, now)).toBeNull();
  });

  it("else takes the YYMMDD the clave and the CURP as read agree on, the century by the differentiator or the voter's age", () => {
    // The names misread (ANA: the CURP's I contradicted) and the check digit wrong: two lines still agree.
    const misread = { ...card, nombres: "ANA", clave_elector: "CSRSIT92031632M100" };
    expect(birthDateOf({ ...misread, curp: "CARI920316MZSSMT28" }, now)).toBe("1992-03-16");
    expect(birthDateOf({ ...misread, curp: "CARI920316MZSSMT29" }, now)).toBe("1992-03-16");
    expect(birthDateOf({ ...misread, curp: "CARI920316MZSSMT" }, now)).toBe("1992-03-16");
    expect(birthDateOf({ ...misread, clave_elector: "CSRSIT05031632M100", curp: "CARI050316MZSSMTA8" }, now)).toBe("2005-03-16");
    // A differentiator read as a letter that makes the holder a minor, dates that disagree, no calendar date, a clave of another shape: none.
    expect(birthDateOf({ ...misread, clave_elector: "CSRSIT10031632M100", curp: "CARI100316MZSSMTA8" }, now)).toBeNull();
    expect(birthDateOf({ ...misread, curp: "CARI920317MZSSMT28" }, now)).toBeNull();
    expect(birthDateOf({ ...misread, clave_elector: "CSRSIT92023132M100", curp: "CARI920231MZSSMT28" }, now)).toBeNull();
    expect(birthDateOf({ ...misread, clave_elector: "CSRSIT9203162M100", curp: "CARI920316MZSSMT28" }, now)).toBeNull();
  });

  it("takes the CURP's over a printed one that the CURP and the clave as read both contradict alike", () => {
    const printedWrong = { ...card, fecha_nacimiento: "1992-05-16", curp: "CARI920316MZSSMT28" };
    expect(birthDateOf({ ...printedWrong, clave_elector: "CSRSIT92031632M100" }, now)).toBe("1992-03-16");
    // One line against one: the printed date stays (the clave agrees with it, or says a third date, or is not of its shape).
    expect(birthDateOf({ ...printedWrong, clave_elector: "CSRSIT92051632M100" }, now)).toBe("1992-05-16");
    expect(birthDateOf({ ...printedWrong, clave_elector: "CSRSIT92041632M100" }, now)).toBe("1992-05-16");
    expect(birthDateOf({ ...printedWrong, clave_elector: "CSRSIT9203162M100" }, now)).toBe("1992-05-16");
    // A CURP that fails its check digit, or that the names contradict, outvotes nothing.
    expect(birthDateOf({ ...printedWrong, curp: "CARI920316MZSSMT29", clave_elector: "CSRSIT92031632M100" }, now)).toBe("1992-05-16");
    expect(birthDateOf({ ...printedWrong, nombres: "ANA", clave_elector: "CSRSIT92031632M100" }, now)).toBe("1992-05-16");
  });
});

describe("sexOf: SEXO unread, the clave de elector's; misread, outvoted", () => {
  // INE's specimen: GOMEZ VELAZQUEZ MARGARITA, born 1980-07-05, clave GMVLMR 800705 01 M 100.
  const card = { fecha_nacimiento: "1980-07-05", sexo: null, clave_elector: "GMVLMR80070501M100" } as unknown as IneFront;

  it("takes the clave's H or M when its birth date is the card's", () => {
    expect(sexOf(card)).toBe("M");
    expect(sexOf({ ...card, clave_elector: "GMVLMR80070501H100" })).toBe("H");
  });

  it("keeps SEXO as read, and takes nothing from a clave of another date, another shape, or with no date to hold it to", () => {
    expect(sexOf({ ...card, sexo: "H" })).toBe("H");
    expect(sexOf({ ...card, clave_elector: "GMVLMR80050701M100" })).toBeNull();
    expect(sexOf({ ...card, clave_elector: "GMVLMR8007501M100" })).toBeNull();
    expect(sexOf({ ...card, clave_elector: null })).toBeNull();
    expect(sexOf({ ...card, fecha_nacimiento: null })).toBeNull();
  });

  it("takes the sex a valid CURP and the clave both give over SEXO read otherwise, and only then", () => {
    // GOVM800705MCLMLR01 fails its check digit (INE's specimen); MUSG790130HPLXNR07 passes it.
    const read = { ...card, sexo: "M", fecha_nacimiento: "1979-01-30", curp: "MUSG790130HPLXNR07", clave_elector: "MXSNGR79013021H562" } as IneFront;
    expect(sexOf(read)).toBe("H");
    expect(sexOf({ ...read, clave_elector: "MXSNGR79013021M562" })).toBe("M");
    expect(sexOf({ ...read, clave_elector: null })).toBe("M");
    expect(sexOf({ ...read, curp: "MUSG790130HPLXNR08" })).toBe("M");
  });
});

describe("curpTheCardAgrees: of two CURPs that pass the check digit, the card's", () => {
  // RODRÍGUEZ QUIÑONES SOFÍA, born 1991-09-20: ROQS 910920 M MS D X F 1 4. Read ROQS…SOXF14 as well,
  // which passes too: D and O weigh alike at the 14th place of the sum mod 10.
  const card = { primer_apellido: "RODRÍGUEZ", segundo_apellido: "QUIÑONES", nombres: "SOFÍA", fecha_nacimiento: "1991-09-20", sexo: "M", clave_elector: null } as unknown as IneFront;

  it("takes the one the names agree with more, whichever pass read it", () => {
    expect(curpTheCardAgrees({ ...card, curp: "ROQS910920MMSOXF14" }, ["ROQS910920MMSDXF14", "ROQS910920MMSOXF14", null])).toBe("ROQS910920MMSDXF14");
  });

  it("keeps the card's on a tie, and never takes one that fails its check digit or mends an invalid one", () => {
    expect(curpTheCardAgrees({ ...card, curp: "ROQS910920MMSDXF14" }, ["ROQS910920MMSOXF14"])).toBe("ROQS910920MMSDXF14");
    // Both contradict the names at the 14th place alike (O and Q): the card's stays.
    expect(curpTheCardAgrees({ ...card, primer_apellido: "ROSAS", curp: "ROQS910920MMSOXF14" }, ["ROQS910920MMSDXF14"])).toBe("ROQS910920MMSOXF14");
    expect(curpTheCardAgrees({ ...card, curp: "ROQS910920MMSOXF14" }, ["ROQS910920MMSDXF15"])).toBe("ROQS910920MMSOXF14");
    expect(curpTheCardAgrees({ ...card, curp: "ROQS910920MMSDXF15" }, ["ROQS910920MMSDXF14"])).toBe("ROQS910920MMSDXF15");
  });
});

describe("readIneFront: a CURP that passes its check digit but not the card", () => {
  it("is read again under the CURP's grammar with the card's letters (Francisco's R read N: NOGF… passes it too)", async () => {
    const chars = [..."ROGF850816HCLDNR04"];
    chars[0] = "R>N";
    const lattice = latticeOf(chars);
    const curpBox = wordsOf([{ text: greedyOf(lattice), confidence: 0.8, x0: 339, y0: 487, x1: 700, y1: 509, lattice }]);
    expect(curpBox[0]!.text).toBe("NOGF850816HCLDNR04");
    const names: Record<string, string> = { GOMEZ: "RODRIGUEZ", VELAZQUEZ: "GONZALEZ", MARGARITA: "FRANCISCO", "05/07/1980": "16/08/1985", GMVLMR80070501M100: "RDGNFR85081605H568" };
    const words = [...front2019.filter((w) => !w.text.startsWith("GOVM")).map((w) => ({ ...w, text: names[w.text] ?? w.text })), ...curpBox];
    const reader: IneFrontReader = { read: async (_image, options = {}) => (options.area ? [] : words), passes: [{ width: 1012 }] };
    const { front } = await readIneFront(reader, new Uint8Array());
    expect(front.curp).toBe("ROGF850816HCLDNR04");
  });
});

describe("readIneFront: a CURP read again under its grammar once the names are mended", () => {
  it("gives the grammar the letters of the name the lexicon mended, not of the one misread", async () => {
    // Rocío Hernández Montaño (tune seed 202, a 265 px card): Paddle read MONTAÑO as NONTANO,
    // M second, and her CURP's C (the 16th) as O, C second (lattice-fixture).
    const curpChars = [..."HEMR571014MZSRNC63"];
    curpChars[15] = "C>O";
    const curpLattice = latticeOf(curpChars);
    const nameLattice = latticeOf(["M>N", ..."ONTANO"]);
    const boxes = wordsOf([
      { text: greedyOf(nameLattice), confidence: 0.8, x0: 338, y0: 218, x1: 500, y1: 240, lattice: nameLattice },
      { text: greedyOf(curpLattice), confidence: 0.8, x0: 339, y0: 487, x1: 700, y1: 509, lattice: curpLattice },
    ]);
    expect(boxes.map((b) => b.text)).toEqual(["NONTANO", "HEMR571014MZSRNO63"]);
    const card: Record<string, string> = { GOMEZ: "HERNANDEZ", MARGARITA: "ROCIO", "05/07/1980": "14/10/1957", GMVLMR80070501M100: "HRMNRC57101432M811" };
    const words = [...front2019.filter((w) => !w.text.startsWith("GOVM") && w.text !== "VELAZQUEZ").map((w) => ({ ...w, text: card[w.text] ?? w.text })), ...boxes];
    const reader: IneFrontReader = { read: async (_image, options = {}) => (options.area ? [] : words), passes: [{ width: 1012 }] };
    const { front } = await readIneFront(reader, new Uint8Array());
    expect(front.segundo_apellido).toBe("MONTAÑO");
    expect(front.curp).toBe("HEMR571014MZSRNC63");
  });
});

describe("emisionOf: the year of issue, ten years before the vigencia", () => {
  const now = new Date("2026-11-28T00:00:00Z");
  const card = { anio_registro: "2008", anio_emision: "2017", vigencia: "2027" } as unknown as IneFront;

  it("keeps one before the vigencia and not after this year", () => {
    expect(emisionOf(card, now)).toBe("2017");
    // A card renewed before its ten years: the vigencia is still counted from its own emisión, not checked here.
    expect(emisionOf({ ...card, anio_emision: "2015", vigencia: "2027" }, now)).toBe("2015");
  });

  it("one at or after the vigencia, or after this year, is the vigencia less ten", () => {
    expect(emisionOf({ ...card, anio_emision: "2027" }, now)).toBe("2017");
    expect(emisionOf({ ...card, anio_emision: "2024", vigencia: "2024" }, now)).toBe("2014");
  });

  it("stays as read where the vigencia less ten cannot be it, or nothing to weigh it by", () => {
    // Before the año de registro.
    expect(emisionOf({ ...card, anio_registro: "2020", anio_emision: "2027" }, now)).toBe("2027");
    expect(emisionOf({ ...card, vigencia: null }, now)).toBe("2017");
    expect(emisionOf({ ...card, anio_emision: null }, now)).toBeNull();
  });
});

describe("namesTheCardAgrees: a name line the valid CURP contradicts, from a reading it does not", () => {
  // Leticia Ramírez Zúñiga's 2019 front, 328 px (tune seed 5): NOMBRE read NOVENE as the first surname.
  const card = { primer_apellido: "NOVENE", segundo_apellido: "ZUÑIGA", nombres: "LETICIA", nombre_completo: "LETICIA NOVENE ZUÑIGA", curp: "RAZL540805MSPMXT75", clave_elector: "RMZXLT54080524M208" } as unknown as IneFront;

  it("takes each contradicted line from the first reading that agrees, and leaves the lines that agree", () => {
    const byPosition = { primer_apellido: "RAMIREZ", segundo_apellido: "ZUÑIGA", nombres: "LETICA" };
    expect(namesTheCardAgrees(card, [{ primer_apellido: "ROMERO" }, byPosition])).toMatchObject({ primer_apellido: "RAMIREZ", nombres: "LETICIA", nombre_completo: "LETICIA RAMIREZ ZUÑIGA" });
  });

  it("changes nothing with no reading that agrees, or with no valid CURP or clave to say", () => {
    expect(namesTheCardAgrees(card, [{ primer_apellido: "ROMERO" }, { primer_apellido: null }])).toEqual(card);
    const unsaid = { ...card, curp: "RAZL540805MSPMXT7", clave_elector: null };
    expect(namesTheCardAgrees(unsaid, [{ primer_apellido: "RAMIREZ" }])).toEqual(unsaid);
    // A clave alone gives one letter of each name: not enough (a misread clave's M made MARGARITA a surname).
    const claveOnly = { ...card, primer_apellido: "GOMEZ", curp: null, clave_elector: "MVLMIR50007501M100" };
    expect(namesTheCardAgrees(claveOnly, [{ primer_apellido: "MARGARITA" }])).toEqual(claveOnly);
  });
});

describe("tildesWithTheirLetters: a Ñ that took the letter after it", () => {
  const card = { nombres: "IÑGO", primer_apellido: "QUIÑONES", segundo_apellido: "CRUZ", nombre_completo: "IÑGO QUIÑONES CRUZ" } as unknown as IneFront;
  const paddle = (names: Partial<IneFront>) => ({ ...card, ...names }) as IneFront;

  it("gets it back from Paddle's line, which reads every letter but no Ñ", () => {
    expect(tildesWithTheirLetters(card, [paddle({ nombres: "INIGO", primer_apellido: "QUINONES" })])).toMatchObject({ nombres: "IÑIGO", primer_apellido: "QUIÑONES", nombre_completo: "IÑIGO QUIÑONES CRUZ" });
  });

  it("without a Paddle line that has it, gives a Ñ before a consonant its I back: Spanish writes a vowel after every Ñ", () => {
    expect(tildesWithTheirLetters(card, [paddle({ nombres: "INGO" })]).nombres).toBe("IÑIGO");
    expect(tildesWithTheirLetters(card, [])).toMatchObject({ nombres: "IÑIGO", nombre_completo: "IÑIGO QUIÑONES CRUZ" });
    expect(tildesWithTheirLetters({ ...card, primer_apellido: "ZUÑGA" }, []).primer_apellido).toBe("ZUÑIGA");
  });

  it("changes nothing where the Ñ has its vowel, or where the letter was lost before the Ñ", () => {
    const whole = { ...card, nombres: "IÑIGO", nombre_completo: "IÑIGO QUIÑONES CRUZ" };
    expect(tildesWithTheirLetters(whole, [paddle({ nombres: "IRIGO" })])).toEqual(whole);
    expect(tildesWithTheirLetters({ ...whole, nombres: "ÑIGO" }, [paddle({ nombres: "INIGO" })]).nombres).toBe("ÑIGO");
    expect(tildesWithTheirLetters({ ...whole, primer_apellido: "PEÑA" }, []).primer_apellido).toBe("PEÑA");
  });
});

describe("estadoOf", () => {
  const front = { anio_emision: "2014", estado: null, domicilio: "C INDEPENDENCIA 747, COL. CENTRO, YUCATAN" } as unknown as IneFront;

  it("is the address's entidad on a front that prints an EMISIÓN, read or not", () => {
    expect(estadoOf(front)).toBe("31");
    expect(estadoOf({ ...front, estado: "34" })).toBe("31");
  });

  it("is as read on a 2019 front (no EMISIÓN, no ESTADO) or where the address ends in no entidad", () => {
    expect(estadoOf({ ...front, anio_emision: null })).toBeNull();
    expect(estadoOf({ ...front, domicilio: "C INDEPENDENCIA 747, COL. CENTRO, YUCAIAN PUE", estado: "31" })).toBe("31");
  });
});
