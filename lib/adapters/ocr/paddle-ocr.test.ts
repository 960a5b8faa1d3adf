import { describe, expect, it } from "vitest";
import { renderIneFront } from "@/lib/adapters/ine/sandbox-cards";
import { SANDBOX_VOTERS } from "@/lib/adapters/ine/sandbox-voters";
import { parseIneFront } from "@/lib/mx/ine-front";
import { cardRegion } from "./ine-front-reader";
import { paddleWords, unglue, wordsOf } from "./paddle-ocr";
import { sameLetters } from "./paddle-front-reader";

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

  it("leaves words that only open with a label's letters, and the CURP's digits", () => {
    expect(unglue("INSTITUTONACIONALELECTORAL")).toBe("INSTITUTONACIONALELECTORAL");
    expect(unglue("ELECTORAL")).toBe("ELECTORAL");
    expect(unglue("ESTADOS")).toBe("ESTADOS");
    expect(unglue("GOVM800705MCLMLR01")).toBe("GOVM800705MCLMLR01");
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
