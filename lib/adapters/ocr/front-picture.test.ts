import { describe, expect, it } from "vitest";
import type { FoundCard } from "@/lib/adapters/vision/find-card";
import type { IneFront } from "@/lib/mx/ine-front";
import { MIN_SIDE } from "@/components/identity/capture-quality";
import { judgedOnItsRead, MIN_CARD_WIDTH, MIN_READ_WIDTH, MIN_SHARPNESS, MIN_TAKEN_WIDTH, problemOf, readProblem } from "./front-picture";

// A card that must vouch for itself: under MIN_TAKEN_WIDTH.
const SMALL = MIN_TAKEN_WIDTH - 20;
const read = (front: IneFront, clavesRead: string[] = []) => ({ front, clavesRead });
const card = (over: Partial<FoundCard>): FoundCard => ({ card: Buffer.alloc(0), by: "outline", pictureWidth: 1400, pictureHeight: 1050, coverage: 0.5, sourceWidth: 900, sharpness: 3000, ...over });

describe("problemOf: can the front reader read this picture?", () => {
  it("takes a card found wide and sharp enough, and a picture that is a card's crop", () => {
    expect(problemOf(card({}))).toBeNull();
    expect(problemOf(card({ by: "whole", pictureWidth: 1012, pictureHeight: 638, sourceWidth: 1012 }))).toBeNull();
    expect(problemOf(card({ sourceWidth: MIN_CARD_WIDTH, sharpness: MIN_SHARPNESS }))).toBeNull();
  });

  it("finds no card in a picture with no outline that is not a card's proportions", () => {
    expect(problemOf(card({ by: "whole", pictureWidth: 1280, pictureHeight: 960 }))?.cause).toBe("no_card");
    expect(problemOf(card({ by: "whole", pictureWidth: 960, pictureHeight: 1280 }))?.cause).toBe("no_card");
  });

  it("takes a card 330 px wide, whose values the position read finds with its labels unread", () => {
    expect(problemOf(card({ sourceWidth: 330 }))).toBeNull();
  });

  it("asks for a closer photo under the width the reader reads at all, saying how wide the card was", () => {
    expect(problemOf(card({ sourceWidth: MIN_READ_WIDTH - 1 }))).toMatchObject({ cause: "card_too_small", detail: `card too small: ${MIN_READ_WIDTH - 1} px wide, at least ${MIN_CARD_WIDTH}` });
    expect(problemOf(card({ sourceWidth: MIN_READ_WIDTH }))).toBeNull();
  });


  it("reads a blurred card before judging it (readProblem), and leaves a picture taken whole to the label check", () => {
    expect(problemOf(card({ sharpness: MIN_SHARPNESS - 1 }))).toBeNull();
    expect(judgedOnItsRead(card({ sharpness: MIN_SHARPNESS - 1 }))).toBe(true);
    expect(judgedOnItsRead(card({ by: "crop", sharpness: 5 }))).toBe(true);
    expect(judgedOnItsRead(card({ sharpness: MIN_SHARPNESS }))).toBe(false);
    expect(judgedOnItsRead(card({ sourceWidth: MIN_CARD_WIDTH - 1 }))).toBe(true);
    expect(judgedOnItsRead(card({ by: "whole", pictureWidth: 1280, pictureHeight: 800, sourceWidth: 1280, sharpness: 0 }))).toBe(false);
  });
});

// María Guadalupe Pérez López's card (lib/adapters/ine/sandbox-voters) as a reader gives it back.
const maria = { nombres: "MARIA GUADALUPE", primer_apellido: "PEREZ", segundo_apellido: "LOPEZ", fecha_nacimiento: "1985-03-12", sexo: "M", curp: "PELG850312MDFRPD00" } as IneFront;

describe("readProblem: is a small card's read one to take?", () => {
  it("takes a small card whose CURP agrees with its names, birth date and sex", () => {
    expect(readProblem(card({ sourceWidth: MIN_READ_WIDTH }), read(maria))).toBeNull();
  });

  it("asks for a closer photo of a small card whose CURP is unread, fails the card, or was misread", () => {
    for (const front of [{ ...maria, curp: null }, { ...maria, fecha_nacimiento: "1985-03-13" }, { ...maria, primer_apellido: "LOPEZ" }, { ...maria, curp: "PELG850312MDFRPO00" }, { ...maria, sexo: null }, { ...maria, curp: "PELG850312MDERPD00" }]) {
      expect(readProblem(card({ sourceWidth: MIN_TAKEN_WIDTH - 1 }), read(front))).toMatchObject({ cause: "card_too_small", detail: `card too small: ${MIN_TAKEN_WIDTH - 1} px wide, at least ${MIN_CARD_WIDTH}` });
    }
  });

  it("takes a card from MIN_TAKEN_WIDTH to MIN_CARD_WIDTH whose names were read, though nothing vouches for it (a redrawn specimen's malformed codes)", () => {
    const redrawn = { nombres: "MARGARITA", primer_apellido: "GOMEZ", segundo_apellido: "VELAZQUEZ", curp: null, clave_elector: null } as IneFront;
    expect(readProblem(card({ sourceWidth: MIN_TAKEN_WIDTH }), read(redrawn))).toBeNull();
    expect(readProblem(card({ sourceWidth: MIN_CARD_WIDTH - 1 }), read({ ...redrawn, segundo_apellido: null }))).toBeNull();
    // Narrower, it must vouch; with no names read (a back, another card), it is not a front's read.
    expect(readProblem(card({ sourceWidth: MIN_TAKEN_WIDTH - 1 }), read(redrawn))).toMatchObject({ cause: "card_too_small", detail: `card too small: ${MIN_TAKEN_WIDTH - 1} px wide, at least ${MIN_CARD_WIDTH}` });
    expect(readProblem(card({ sourceWidth: MIN_TAKEN_WIDTH }), read({ ...redrawn, nombres: null }))?.cause).toBe("card_too_small");
    expect(readProblem(card({ sourceWidth: MIN_CARD_WIDTH - 1 }), read({ ...redrawn, primer_apellido: null }))?.cause).toBe("card_too_small");
    // Blurred as well: it must vouch (and the width is what the person can change first).
    expect(readProblem(card({ sourceWidth: MIN_TAKEN_WIDTH, sharpness: MIN_SHARPNESS - 1 }), read(redrawn))?.cause).toBe("card_too_small");
  });

  it("takes a small card whose CURP fails only its check digit (INE's specimen), not one whose inner consonants are not the names'", () => {
    const specimen = { nombres: "MARGARITA", primer_apellido: "GOMEZ", segundo_apellido: "VELAZQUEZ", fecha_nacimiento: "1980-07-05", sexo: "M", curp: "GOVM800705MCLMLR01" } as IneFront;
    expect(readProblem(card({ sourceWidth: SMALL }), read(specimen))).toBeNull();
    expect(readProblem(card({ sourceWidth: SMALL }), read({ ...specimen, curp: "GOVM800705MCLMLA01" }))?.cause).toBe("card_too_small");
  });

  it("takes a small card whose clave, as a pass read it, agrees with its names, birth date and sex: INE's 2019 specimen prints a 16-character CURP", () => {
    const specimen2019 = { nombres: "MARGARITA", primer_apellido: "GOMEZ", segundo_apellido: "VELAZQUEZ", fecha_nacimiento: "1980-07-05", sexo: "M", curp: "GOVM800705MCLR01", clave_elector: "GMVLMR80070501M100" } as IneFront;
    expect(readProblem(card({ sourceWidth: SMALL }), read(specimen2019, ["GMVLMR80070501M100"]))).toBeNull();
    // A clave no pass read as it stands was decoded under the card's date and sex: it vouches for nothing.
    expect(readProblem(card({ sourceWidth: SMALL }), read(specimen2019, ["GMVLMR80070601M100"]))?.cause).toBe("card_too_small");
    expect(readProblem(card({ sourceWidth: SMALL }), read(specimen2019))?.cause).toBe("card_too_small");
    // Read as it came but disagreeing with the names or the sex: not taken.
    expect(readProblem(card({ sourceWidth: SMALL }), read({ ...specimen2019, primer_apellido: "GONEZ" }, ["GMVLMR80070501M100"]))?.cause).toBe("card_too_small");
    expect(readProblem(card({ sourceWidth: SMALL }), read({ ...specimen2019, sexo: "H" }, ["GMVLMR80070501M100"]))?.cause).toBe("card_too_small");
  });

  it("reads a name's N as the CURP's X: a Ñ the recogniser cannot write (Sofía Ibáñez Peña read as PENA)", () => {
    const sofia = { nombres: "SOFIA", primer_apellido: "IBANEZ", segundo_apellido: "PENA", fecha_nacimiento: "1990-12-03", sexo: "M", curp: "IAPS901203MNLBXF09" } as IneFront;
    expect(readProblem(card({ sourceWidth: SMALL }), read(sofia))).toBeNull();
    expect(readProblem(card({ sourceWidth: SMALL }), read({ ...sofia, segundo_apellido: "PERA" }))?.cause).toBe("card_too_small");
  });

  it("takes a small card whose clave, as a pass read it, agrees with its CURP, though a name was misread", () => {
    // Sofía's given name read small as SOEA: neither the CURP nor the clave agrees with the names.
    const sofia = { nombres: "SOEA", primer_apellido: "IBANEZ", segundo_apellido: "PENA", fecha_nacimiento: "1990-12-03", sexo: "M", curp: "IAPS901203MNLBXF09", clave_elector: "IBPXSF90120319M500" } as IneFront;
    expect(readProblem(card({ sourceWidth: SMALL }), read(sofia, ["IBPXSF90120319M500"]))).toBeNull();
    // A clave decoded under the card's letters rather than read as it stands vouches for nothing.
    expect(readProblem(card({ sourceWidth: SMALL }), read(sofia))?.cause).toBe("card_too_small");
    // Read as it stands but naming another person than the CURP, or with a CURP failing its check digit: not taken.
    expect(readProblem(card({ sourceWidth: SMALL }), read({ ...sofia, clave_elector: "IBPXSF90120419M500" }, ["IBPXSF90120419M500"]))?.cause).toBe("card_too_small");
    expect(readProblem(card({ sourceWidth: SMALL }), read({ ...sofia, curp: "IAPS901203MNLBXF08" }, ["IBPXSF90120319M500"]))?.cause).toBe("card_too_small");
  });

  it("does not judge the read of a card wide enough and sharp enough", () => {
    expect(readProblem(card({ sourceWidth: MIN_CARD_WIDTH, sharpness: MIN_SHARPNESS }), read({ ...maria, curp: null }))).toBeNull();
  });

  it("takes a blurred card whose CURP vouches for it, and asks for a sharper photo of one whose does not", () => {
    const blurred = card({ sharpness: MIN_SHARPNESS - 1 });
    expect(readProblem(blurred, read(maria))).toBeNull();
    expect(readProblem(blurred, read({ ...maria, curp: null }))).toMatchObject({ cause: "blurred", detail: "the card is blurred" });
    expect(readProblem(blurred, read({ ...maria, primer_apellido: "LOPEZ" }))?.cause).toBe("blurred");
    // Narrow and blurred: the width is what the person can change first.
    expect(readProblem(card({ sourceWidth: MIN_CARD_WIDTH - 1, sharpness: MIN_SHARPNESS - 1 }), read({ ...maria, curp: null }))?.cause).toBe("card_too_small");
  });
});

describe("the verification page's own size check", () => {
  it("asks for the front what the server asks (it cannot import the server's limit)", () => {
    expect(MIN_SIDE.ine_front).toBe(MIN_READ_WIDTH);
  });
});
