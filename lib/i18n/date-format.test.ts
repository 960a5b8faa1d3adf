import { describe, expect, it } from "vitest";
import { formatMoment } from "./date-format";

describe("formatMoment", () => {
  const when = new Date("2026-11-05T20:03:00Z");

  it("names Mexico's zones as people there do, in Spanish", () => {
    expect(formatMoment(when, "es", "America/Mexico_City")).toMatch(/^5 de noviembre de 2026 a las 02:03\sp\.m\. hora del centro$/);
    expect(formatMoment(when, "es", "America/Cancun")).toMatch(/03:03\sp\.m\. hora del sureste$/);
    expect(formatMoment(when, "es", "America/Tijuana")).toMatch(/12:03\sp\.m\. hora del noroeste$/);
  });

  it("keeps the standard name elsewhere and in English", () => {
    expect(formatMoment(when, "en", "America/Mexico_City")).toMatch(/Central Standard Time$/);
    expect(formatMoment(when, "es", "Europe/Madrid")).toMatch(/hora estándar de Europa central$/);
  });
});
