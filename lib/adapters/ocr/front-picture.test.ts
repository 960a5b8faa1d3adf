import { describe, expect, it } from "vitest";
import type { FoundCard } from "@/lib/adapters/vision/find-card";
import { MIN_SIDE } from "@/components/identity/capture-quality";
import { MIN_CARD_WIDTH, MIN_SHARPNESS, problemOf } from "./front-picture";

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

  it("asks for a closer photo under the width the reader reads, saying how wide the card was", () => {
    expect(problemOf(card({ sourceWidth: MIN_CARD_WIDTH - 1 }))).toMatchObject({ cause: "card_too_small", detail: `card too small: ${MIN_CARD_WIDTH - 1} px wide, at least ${MIN_CARD_WIDTH}` });
  });

  it("asks for a focused photo of a blurred card, but leaves a picture taken whole to the label check", () => {
    expect(problemOf(card({ sharpness: MIN_SHARPNESS - 1 }))?.cause).toBe("blurred");
    expect(problemOf(card({ by: "crop", sharpness: 5 }))?.cause).toBe("blurred");
    expect(problemOf(card({ by: "whole", pictureWidth: 1280, pictureHeight: 800, sourceWidth: 1280, sharpness: 0 }))).toBeNull();
  });
});

describe("the verification page's own size check", () => {
  it("asks for the front what the server asks (it cannot import the server's limit)", () => {
    expect(MIN_SIDE.ine_front).toBe(MIN_CARD_WIDTH);
  });
});
