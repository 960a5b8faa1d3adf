import { afterEach, describe, expect, it } from "vitest";
import { decodeWithGrammar } from "./ctc-grammar";
import { latticeOf } from "./lattice-fixture";
import { cardSpelling, compileLexicon, lexiconSettings, lexiconWords, nameLexicon, spellFromLexicon } from "./name-lexicon";

afterEach(() => {
  lexiconSettings.leftOut = [];
});

describe("the names' lexicon", () => {
  it("spells names as INE prints them: capitals, no accents, Ñ kept", () => {
    expect(cardSpelling("Ana María  Ibáñez")).toBe("ANA MARIA IBAÑEZ");
  });

  it("holds faker's es_MX names and the particles, and INE specimen's GOMEZ VELAZQUEZ MARGARITA", async () => {
    const lexicon = await nameLexicon();
    expect(lexicon.words.size).toBeGreaterThan(1000);
    for (const w of ["GOMEZ", "VELAZQUEZ", "MARGARITA", "DE", "LA", "MA"]) expect(lexicon.words.has(w)).toBe(true);
    expect(lexicon.words.get("MUNOZ")).toBe("MUÑOZ");
  });

  it("splits a line into its words, spaces dropped or not, or refuses it", () => {
    const lexicon = compileLexicon(["María", "Guadalupe", "de", "la", "Cruz", "Muñoz"]);
    expect(lexiconWords("MARIAGUADALUPE", lexicon)).toEqual(["MARIA", "GUADALUPE"]);
    expect(spellFromLexicon("DELACRUZ MUNOZ", lexicon)).toBe("DE LA CRUZ MUÑOZ");
    expect(lexiconWords("MARGARTA", lexicon)).toBeNull();
  });

  it("decodes only sequences of its words, with or without the space (the automaton's word ends open another word)", () => {
    const lexicon = compileLexicon(["Ana", "Anabel", "Cruz"]);
    expect(decodeWithGrammar(latticeOf([..."ANACRUZ"]), lexicon.grammar)?.value).toBe("ANACRUZ");
    expect(decodeWithGrammar(latticeOf([..."ANABEL CRUZ"]), lexicon.grammar)?.value).toBe("ANABEL CRUZ");
    // A lattice of another name still gets the lexicon's likeliest sequence: the margin decides.
    const other = decodeWithGrammar(latticeOf([..."ANABEL"]), compileLexicon(["Cruz"]).grammar);
    expect(other?.value).toBe("CRUZ");
    expect(other!.greedyLogp - other!.logp).toBeGreaterThan(20);
  });

  it("leaves out the names the bench asks (a picture's own names)", async () => {
    lexiconSettings.leftOut = ["MARGARITA", "GÓMEZ"];
    const lexicon = await nameLexicon();
    expect(lexicon.words.has("MARGARITA")).toBe(false);
    expect(lexicon.words.has("GOMEZ")).toBe(false);
    expect(lexicon.words.has("VELAZQUEZ")).toBe(true);
  });
});

describe("the lexicon reading's cost", () => {
  it("counts the characters dropped before its first letter (CULOS read as LOS is not free)", () => {
    const read = decodeWithGrammar(latticeOf([..."CULOS"]), compileLexicon(["Los"]).grammar);
    expect(read?.value).toBe("LOS");
    expect(read!.greedyLogp - read!.logp).toBeGreaterThan(10);
  });
});
