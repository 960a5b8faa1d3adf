import { describe, expect, it } from "vitest";
import { makeTranslate } from "@/lib/i18n/translate";
import { captureRefusalText } from "./capture-refusal";

describe("a refused capture, as the person reads it", () => {
  it("says which photo and why, in the page's language", () => {
    const front = { message: "Esta foto no parece el frente de una INE…", errors: { ine_front: ["no INE labels found"] } };
    expect(captureRefusalText(makeTranslate("es"), front)).toMatch(/^Esta foto no parece el frente de una INE: no encontramos sus textos/);
    expect(captureRefusalText(makeTranslate("en"), front)).toMatch(/^This photo does not look like the front of an INE card/);
    expect(captureRefusalText(makeTranslate("en"), { errors: { ine_front: ["an MRZ (IDMEX…) is on it: this is the back"] } })).toMatch(/^You sent the back as the front/);
    expect(captureRefusalText(makeTranslate("en"), { errors: { ine_back: ["no MRZ read: line 1 check digit"] } })).toMatch(/^We could not read the three lines/);
    expect(captureRefusalText(makeTranslate("en"), { errors: { selfie: ["no face found"] } })).toMatch(/^We could not find your face/);
  });

  it("shows a message it has no text for as the server wrote it", () => {
    expect(captureRefusalText(makeTranslate("en"), { message: "La foto es muy pequeña (300 px)", errors: { selfie: ["at least 480 px on the long side"] } })).toBe("La foto es muy pequeña (300 px)");
  });
});
