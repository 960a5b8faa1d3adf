import { describe, expect, it } from "vitest";
import { renderIneFront } from "@/lib/adapters/ine/sandbox-cards";
import { SANDBOX_VOTERS } from "@/lib/adapters/ine/sandbox-voters";
import { parseIneFront } from "@/lib/mx/ine-front";
import { cardRegion } from "./ine-front-reader";
import { BLANK, LATTICE_CHARS, OTHER } from "./ctc-grammar";
import { latticeClasses, paddleWords, unglue, wordsOf } from "./paddle-ocr";
import sharp from "sharp";
import { latticeOf as lattice } from "./lattice-fixture";
import { addressRereadFits, inTextColumn, sameLetters } from "./paddle-front-reader";

describe("unglue: the recogniser's labels set apart from their values", () => {
  it("cuts a label run into its value, mending a 0 read for an O between letters", () => {
    expect(unglue("CLAVEDEELECT0RGMVLMR80070501M100")).toBe("CLAVEDEELECTOR GMVLMR80070501M100");
    expect(unglue("REGISTR02008")).toBe("REGISTRO 2008");
    expect(unglue("AN0DE")).toBe("ANODE");
    expect(unglue("SEXOH")).toBe("SEXO H");
    expect(unglue("VIGENCIA 2024")).toBe("VIGENCIA 2024");
    expect(unglue("GOVM800705MCLMLR01AAODEREGISTRO200802")).toBe("GOVM800705MCLMLR01AAODE REGISTRO 200802");
    expect(unglue("MUNOPO004SECCION0747")).toBe("MUNOPO004 SECCION 0747");
  });

  it("cuts a row run into one word after its opening label too", () => {
    expect(unglue("MUNICIPIO004SECCION0747》")).toBe("MUNICIPIO 004 SECCION 0747》");
    expect(unglue("2014VIGENCIA2024")).toBe("2014 VIGENCIA 2024");
  });

  it("leaves words that only open with a label's letters, and the CURP's digits", () => {
    expect(unglue("INSTITUTONACIONALELECTORAL")).toBe("INSTITUTONACIONALELECTORAL");
    expect(unglue("ELECTORAL")).toBe("ELECTORAL");
    expect(unglue("ESTADOS")).toBe("ESTADOS");
    expect(unglue("GOVM800705MCLMLR01")).toBe("GOVM800705MCLMLR01");
  });
});

describe("latticeClasses: the recogniser's dictionary folded into the coded fields' classes", () => {
  it("folds lowercase into uppercase, keeps digits, space and the card's punctuation, and sends the rest to one class", () => {
    // CTC's blank first, then dictionary entries as ppocr_keys_v1.txt has them, the space last.
    const classes = [...latticeClasses(["", "a", "A", "7", "/", "é", "中", "Ñ", " "])];
    expect(classes).toEqual([BLANK, LATTICE_CHARS.indexOf("A"), LATTICE_CHARS.indexOf("A"), LATTICE_CHARS.indexOf("7"), LATTICE_CHARS.indexOf("/"), OTHER, OTHER, OTHER, LATTICE_CHARS.indexOf(" ")]);
  });
});

describe("wordsOf", () => {
  it("cuts a box at its spaces, sharing its width out by characters", () => {
    const words = wordsOf([{ text: "SECCION 0747", confidence: 1, x0: 100, y0: 10, x1: 220, y1: 30 }]);
    expect(words).toEqual([
      { text: "SECCION", x0: 100, y0: 10, x1: 170, y1: 30 },
      { text: "0747", x0: 180, y0: 10, x1: 220, y1: 30 },
    ]);
  });
});

describe("sameLetters: Tesseract's line replaces Paddle's only when it spells the same", () => {
  it("accents, Ñ, spaces and punctuation aside", () => {
    expect(sameLetters("MUÑOZ", "MUNOZ")).toBe(true);
    expect(sameLetters("COL. MORELOS 04800", "COL.MORELOS04800")).toBe(true);
    expect(sameLetters("CUANMALPA DE MORELOS", "CUAJIMALPADEMORELOS")).toBe(false);
    expect(sameLetters("", "")).toBe(false);
  });
});

describe("addressRereadFits: Tesseract's address line, where Paddle's lattice reads it too", () => {
  // Paddle's greedy COL.MORELOSOL8OO: the postcode's 0s read O and its 4 read L, each a near tie.
  const chars = [..."COL.MORELOS04800"];
  for (const [i, misread] of [[11, "0>O"], [12, "4>L"], [14, "0>O"], [15, "0>O"]] as const) chars[i] = misread;
  const box = { text: "COL.MORELOSOL8OO", lattice: lattice(chars) };

  it("takes the reread whose other letters the recogniser nearly chose", () => {
    expect(addressRereadFits("COL. MORELOS 04800", box)).toBe(true);
  });

  it("refuses a reread that lost a letter, changed a digit or a letter for a letter, or that the lattice does not read", () => {
    expect(addressRereadFits("COL. MORELOS 0480", box)).toBe(false);
    expect(addressRereadFits("COL. MORELIA 04800", box)).toBe(false);
    // Paddle read the 8 as 8: Tesseract's 3 there is not taken, however near the tie.
    const house = [..."1268"];
    house[3] = "3>8";
    expect(addressRereadFits("1263", { text: "1268", lattice: lattice(house) })).toBe(false);
    // Nor a letter where Paddle read a digit (INT. 4 reread INT. A).
    const inside = [..."INT.4"];
    inside[4] = "A>4";
    expect(addressRereadFits("INT. A", { text: "INT.4", lattice: lattice(inside) })).toBe(false);
    const far = [..."COL.MORELOS04800"];
    far[11] = "0>>O";
    far[12] = "4>>L";
    expect(addressRereadFits("COL. MORELOS 04800", { text: "COL.MORELOSOL800", lattice: lattice(far) })).toBe(false);
    // Without a lattice only the same letters are taken.
    expect(addressRereadFits("COL. MORELOS 04800", { text: box.text })).toBe(false);
    expect(addressRereadFits("COL MORELOSOL8OO", { text: box.text })).toBe(true);
  });
});

describe("PP-OCRv4 through ONNX Runtime (the model files the package ships)", () => {
  it("reads a sandbox front's fields from the card region", { timeout: 60_000 }, async () => {
    const person = SANDBOX_VOTERS[0]!;
    const front = parseIneFront(await paddleWords(await cardRegion(await renderIneFront(person))));
    expect(front.curp).toBe(person.curp);
    expect(front.clave_elector).toBe(person.clave_elector);
    expect(front.fecha_nacimiento).toBe(person.fecha_nacimiento);
    expect(front.seccion).toBe(person.seccion);
  });
});

describe("inTextColumn: the boxes the recogniser is asked to read", () => {
  // Boxes as the detector finds them on INE's 2019 specimen at 1012 px (bench:identity --stages).
  const header = { x0: 357, y0: 37, x1: 968, y1: 69 };
  const edge = { x0: 23, y0: 291, x1: 45, y1: 425 };
  const signature = { x0: 180, y0: 539, x1: 274, y1: 564 };
  const sexo = { x0: 899, y0: 169, x1: 981, y1: 204 };
  const name = { x0: 338, y0: 201, x1: 432, y1: 231 };
  const curp = { x0: 339, y0: 512, x1: 578, y1: 539 };
  const all = [header, edge, signature, sexo, name, curp];
  const blank = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: "#fff" } }).png().toBuffer();

  it("drops the header, the photo's column and the edge's strip on a card, keeps labels and values", async () => {
    expect(await inTextColumn(await blank(1012, 638), all)).toEqual([sexo, name, curp]);
  });

  it("keeps every box of a region that is not a card's proportions (a picture read whole)", async () => {
    expect(await inTextColumn(await blank(1012, 760), all)).toEqual(all);
  });
});
