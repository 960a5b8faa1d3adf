import { describe, expect, it } from "vitest";
import { hasIneMrz, ineFrontLabels } from "./ine-labels";

const words = (text: string) => text.split(/\s+/).map((t) => ({ text: t }));

describe("INE labels on a photo", () => {
  it("finds a front's labels, accents and one OCR slip forgiven", () => {
    const front = words("MÉXICO : INSTITUTO NACIONAL ELECTORAL CREDENCIAL PARA VOTAR NOMBRE SEXO PEREZ DOMIC1LIO CLAVE DE ELECTOR EMISIÓN CURP");
    expect(ineFrontLabels(front).sort()).toEqual(["CLAVE", "CREDENCIAL", "CURP", "DOMICILIO", "ELECTOR", "ELECTORAL", "EMISION", "INSTITUTO", "MEXICO", "NACIONAL", "NOMBRE", "SEXO", "VOTAR"]);
  });

  it("counts each label once and does not stretch four-letter labels", () => {
    expect(ineFrontLabels(words("NOMBRE NOMBRE N0MBRE CURA SEX0 CASA"))).toEqual(["NOMBRE"]);
    expect(ineFrontLabels(words(""))).toEqual([]);
  });

  it("tells an MRZ line (IDMEX and the CIC) from ordinary words", () => {
    expect(hasIneMrz(words("INSTITUTO NACIONAL IDMEX2000000015<<0123100000001"))).toBe(true);
    expect(hasIneMrz(words("1DMEX2000000015<<0123"))).toBe(true);
    expect(hasIneMrz(words("IDMEX NOMBRE IDENTIFICACION"))).toBe(false);
  });
});
