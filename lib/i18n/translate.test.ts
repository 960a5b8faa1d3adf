import { describe, expect, it } from "vitest";
import { catalogs, makeTranslate } from "./translate";

function keys(node: unknown, prefix = ""): string[] {
  return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => (typeof v === "string" ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
}

describe("message catalogs", () => {
  it("have the same keys in Spanish and English", () => {
    expect(keys(catalogs.en).sort()).toEqual(keys(catalogs.es).sort());
  });

  it("have no empty message", () => {
    for (const locale of ["es", "en"] as const) for (const key of keys(catalogs[locale])) expect(makeTranslate(locale)(key as never).trim(), `${locale}:${key}`).not.toBe("");
  });

  it("interpolate parameters and keep accents", () => {
    expect(makeTranslate("es")("dashboard.welcome", { name: "Begoña Núñez" })).toBe("Hola, Begoña Núñez");
    expect(makeTranslate("en")("dashboard.welcome", { name: "Begoña Núñez" })).toBe("Hello, Begoña Núñez");
  });

  it("show a missing key instead of crashing", () => {
    expect(makeTranslate("es")("nope.missing" as never)).toBe("nope.missing");
  });
});
