import { describe, expect, it } from "vitest";
import { estadoOfAddress, nearestMunicipio, tidyAddress } from "./ine-address";

describe("tidyAddress", () => {
  it("leaves an address read right as it is (INE's specimens)", () => {
    for (const address of ["C PITAGORAS 1253 INT. 4, COL. MORELOS 04800, CUAJIMALPA DE MORELOS, D.F.", "VIADUCTO TLALPAN NO. 100, COL. ARENAL TEPEPAN, ALCALDIA, TLALPAN. C.P. 14610, CIUDAD DE MEXICO.", "C 2DA CDA DE JUAREZ 12, COL. CENTRO, PUEBLA"]) {
      expect(tidyAddress(address)).toBe(address);
    }
  });

  it("puts back the spaces small type loses between a number and a word, and after C (calle)", () => {
    expect(tidyAddress("CPITAGORAS1253INT.4, COL. MORELOS04800, CUAJIMALPA DE MORELOS, D.F.")).toBe("C PITAGORAS 1253 INT. 4, COL. MORELOS 04800, CUAJIMALPA DE MORELOS, D.F.");
    expect(tidyAddress("CPRIV. MONTE 109, COL ARBOLEDAS 38526, GUANAJUATO, GTO")).toBe("C PRIV. MONTE 109, COL ARBOLEDAS 38526, GUANAJUATO, GTO");
  });

  it("puts back the period of COL., INT. and NO. before a number, not of a word NO", () => {
    expect(tidyAddress("C INDEPENDENCIA 824 INT 3, COL CENTRO, AGUASCALIENTES")).toBe("C INDEPENDENCIA 824 INT. 3, COL. CENTRO, AGUASCALIENTES");
    expect(tidyAddress("AV NO REELECCION NO 5, COL. CENTRO, PUEBLA")).toBe("AV NO REELECCION NO. 5, COL. CENTRO, PUEBLA");
  });

  it("reads a long word a letter off a word of INEGI's place names or road types as that word (tune part's narrow cards)", () => {
    for (const read of ["INDEPENOENCIA", "INDEPENDENCA", "NDEPENDENCA", "INDEPENDENOA", "INDESENDENCIA"]) {
      expect(tidyAddress(`C ${read} 747, COL. CENTRO, YUCATAN`)).toBe("C INDEPENDENCIA 747, COL. CENTRO, YUCATAN");
    }
    expect(tidyAddress("C PRIVADA ZARAGOSA 5, COL. CENTRO, PUEBLA")).toBe("C PRIVADA ZARAGOZA 5, COL. CENTRO, PUEBLA");
    expect(tidyAddress("C INCEPENDENCIA-4049, COL. CENTRO, TLAXCALA")).toBe("C INDEPENDENCIA 4049, COL. CENTRO, TLAXCALA");
  });

  it("leaves a street word the list lacks as read, unless one letter makes it a word the list has", () => {
    // 129 of 130 real street and colonia words of seven letters or more the list lacks stayed as
    // they are; SABINOS became SABINAS (a municipio of Coahuila), the price of one letter.
    for (const word of ["PITAGORAS", "INSURGENTES", "REVOLUCION", "JACARANDAS", "BUGAMBILIAS", "ARBOLEDAS", "NARVARTE", "LINDAVISTA", "SOLIDARIDAD", "PIRAMIDES"]) {
      expect(tidyAddress(`C ${word} 12, COL. CENTRO, PUEBLA`)).toBe(`C ${word} 12, COL. CENTRO, PUEBLA`);
    }
    // Two letters off in a word under twelve letters is too far: another word is as likely.
    expect(tidyAddress("C HIDALCD 12, COL. CENTRO, PUEBLA")).toBe("C HIDALCD 12, COL. CENTRO, PUEBLA");
  });

  it("spells an entidad read a letter or two off as INE prints it, and leaves other last lines alone", () => {
    expect(tidyAddress("C INDEPENDENCIA 319, COL. CENTRO, COLINA")).toBe("C INDEPENDENCIA 319, COL. CENTRO, COLIMA");
    expect(tidyAddress("C INDEPENDENCIA 3533, COL. CENTRO, SANLUSPOTOS")).toBe("C INDEPENDENCIA 3533, COL. CENTRO, SAN LUIS POTOSI");
    expect(tidyAddress("C INDEPENDENCIA 4248, COL. CENTRO, TASIAULIPAS")).toBe("C INDEPENDENCIA 4248, COL. CENTRO, TAMAULIPAS");
    // A city a few letters from a state (MORELIA, MORELOS) is not taken for it.
    expect(tidyAddress("C MADERO 10, COL. CENTRO, MORELIA")).toBe("C MADERO 10, COL. CENTRO, MORELIA");
    expect(tidyAddress("C INDEPENDENCIA 1, COL. CENTRO, GWNUUAO.GIO")).toBe("C INDEPENDENCIA 1, COL. CENTRO, GWNUUAO.GIO");
  });

  it("prints letters without accents, as INE does", () => {
    expect(tidyAddress("C PITÁGORAS 1253 INT. 4, COL. MORELOS 04800, CUAJIMALPA DE MORELOS, D.F.")).toBe("C PITAGORAS 1253 INT. 4, COL. MORELOS 04800, CUAJIMALPA DE MORELOS, D.F.");
  });

  it("reads a letter between digits as the digit it looks like, not a letter after a number", () => {
    expect(tidyAddress("C PITAGORAS 12S3 INT. 4, COL. MORELOS 04B00, CUAJIMALPA DE MORELOS, D.F.")).toBe("C PITAGORAS 1253 INT. 4, COL. MORELOS 04800, CUAJIMALPA DE MORELOS, D.F.");
    expect(tidyAddress("C INDEPENDENCIA 3I95, COL. CENTRO, COLIMA")).toBe("C INDEPENDENCIA 3195, COL. CENTRO, COLIMA");
    expect(tidyAddress("C INDEPENDENCIA 2T93, COL. CENTRO, QUERETARO")).toBe("C INDEPENDENCIA 2793, COL. CENTRO, QUERETARO");
    expect(tidyAddress("C 2DA CDA DE JUAREZ 12, COL. CENTRO, PUEBLA")).toBe("C 2DA CDA DE JUAREZ 12, COL. CENTRO, PUEBLA");
  });

  it("sets COL. apart from the colonia it was glued to, not an entidad on the last line", () => {
    expect(tidyAddress("C PITAGORAS 1253 INT. 4, COLMORELOS 04800, CUAJIMALPA DE MORELOS, D.F.")).toBe("C PITAGORAS 1253 INT. 4, COL. MORELOS 04800, CUAJIMALPA DE MORELOS, D.F.");
    expect(tidyAddress("C MADERO 10, COLIMA")).toBe("C MADERO 10, COLIMA");
    expect(tidyAddress("C MADERO 10, COLONIA CENTRO, PUEBLA")).toBe("C MADERO 10, COLONIA CENTRO, PUEBLA");
  });

  it("gives the colonia's postcode back the 0 small type glued to the colonia as an O (tune part, seed 202)", () => {
    expect(tidyAddress("C PITAGORAS 1253 INT. 4, COL. MORELOSO 4800, CUAJIMALPA DE MORELOS, D.F.")).toBe("C PITAGORAS 1253 INT. 4, COL. MORELOS 04800, CUAJIMALPA DE MORELOS, D.F.");
    expect(tidyAddress("C PITAGORAS 1253 INT. 4, COLMORELOSO4800, CUAJIMALPA DE MORELOS, D.F.")).toBe("C PITAGORAS 1253 INT. 4, COL. MORELOS 04800, CUAJIMALPA DE MORELOS, D.F.");
    // Five digits already, a number not on the colonia's line, a colonia too short to have lost a letter: as read.
    for (const address of ["C PITAGORAS 1253 INT. 4, COL. MORELOS 04800, CUAJIMALPA DE MORELOS, D.F.", "C INDEPENDENCIA 4274, COL. CENTRO, QUINTANA ROO", "C ALAMO 4800, COL. CENTRO, PUEBLA", "C ALAMO 12, COL. EDO 4800, PUEBLA"]) {
      expect(tidyAddress(address)).toBe(address);
    }
  });

  it("leaves COL without its period where the read kept another abbreviation's period", () => {
    expect(tidyAddress("C PRIV. MONTE 109, COL ARBOLEDAS 38526, GUANAJUATO,GTO")).toBe("C PRIV. MONTE 109, COL ARBOLEDAS 38526, GUANAJUATO, GTO");
    expect(tidyAddress("C INDEPENDENCIA 2615, COL CENTRO, TLAXCALA")).toBe("C INDEPENDENCIA 2615, COL. CENTRO, TLAXCALA");
  });

  it("writes D.F. with its periods, on a line of its own", () => {
    for (const read of ["CUAJIMALPA DE MORELOS, D-F.", "CUAJIMALPA DE MORELOS,DF", "CUAJIMALPA DE MORELOS.D.F", "CUAJIMALPA DE MORELOSDF"]) {
      expect(tidyAddress(`C PITAGORAS 1253 INT. 4, COL. MORELOS 04800, ${read}`)).toBe("C PITAGORAS 1253 INT. 4, COL. MORELOS 04800, CUAJIMALPA DE MORELOS, D.F.");
    }
  });

  it("mends the municipio from INEGI's catalog, and the abbreviation after it from its entidad (tune part's reads of the 2014 specimen)", () => {
    const street = "C PITAGORAS 1253 INT. 4, COL. MORELOS 04800";
    for (const read of ["CUAJIMALPADEMORELOS, D.F.", "CUAIIMALPADEMORELOS, D.F.", "CUA NMALPA DE MORELOS, D.F.", "CUANMALPA DE MORELOS, OF.", "CUAIIMALPA DEMORELOS, D.F."]) {
      expect(tidyAddress(`${street}, ${read}`, "09")).toBe(`${street}, CUAJIMALPA DE MORELOS, D.F.`);
      // Without the card's ESTADO (misread, or a model that prints none) the whole catalog is searched.
      expect(tidyAddress(`${street}, ${read}`, null)).toBe(`${street}, CUAJIMALPA DE MORELOS, D.F.`);
    }
    // A municipio read right stays, with the abbreviation the card prints (a sample card's GTO without its period).
    expect(tidyAddress("C PRIV. MONTE 109, COL ARBOLEDAS 38526, GUANAJUATO, GTO", "11")).toBe("C PRIV. MONTE 109, COL ARBOLEDAS 38526, GUANAJUATO, GTO");
    expect(tidyAddress("C HIDALGO 12, COL. CENTRO 44100, ZAPOPAM, JAL.", "14")).toBe("C HIDALGO 12, COL. CENTRO 44100, ZAPOPAN, JAL.");
    // ESTADO misread (07 for 09 on a small card): the whole catalog is searched (tune part, seed 11).
    expect(tidyAddress("C PITAGORAS 1253 INT. 4, COL. MORELOS 04800, CUAIIMALPADEMORELOS, D.F.", "07")).toBe("C PITAGORAS 1253 INT. 4, COL. MORELOS 04800, CUAJIMALPA DE MORELOS, D.F.");
    // The comma between municipio and abbreviation lost: set apart only where the municipio is one.
    expect(tidyAddress("C PRIV. MONTE 109, COL ARBOLEDAS 38526, GUANAJUATO GTO", null)).toBe("C PRIV. MONTE 109, COL ARBOLEDAS 38526, GUANAJUATO, GTO");
    expect(tidyAddress("C MADERO 10, COL. CENTRO, BARRIO ALTO MOR", null)).toBe("C MADERO 10, COL. CENTRO, BARRIO ALTO MOR");
  });

  it("leaves a municipio alone when the catalog has no single name near it", () => {
    // Too far from every name: as read.
    expect(nearestMunicipio("CUXYZQW DE MORELOS", "09")).toBeNull();
    // Short names only exactly: ACALA is not ACATLA.
    expect(nearestMunicipio("ACALA", null)?.name).toBe("ACALA");
    expect(nearestMunicipio("ACAL4", null)).toBeNull();
    // Of another entidad than the card's ESTADO: not taken.
    expect(nearestMunicipio("CUAJIMALPA DE MORELOS", "14")).toBeNull();
    // Not a municipio line: a colonia with its postcode, a written-out entidad, two parts only.
    expect(tidyAddress("C MADERO 10, COL. CENTRO 44100, GUADALAJARA", "14")).toBe("C MADERO 10, COL. CENTRO 44100, GUADALAJARA");
    expect(tidyAddress("C INDEPENDENCIA 2378, COL. CENTRO, HIDALGO", "13")).toBe("C INDEPENDENCIA 2378, COL. CENTRO, HIDALGO");
    expect(tidyAddress("VIADUCTO TLALPAN NO. 100, COL. ARENAL TEPEPAN, ALCALDIA, TLALPAN. C.P. 14610, CIUDAD DE MEXICO.", null)).toBe("VIADUCTO TLALPAN NO. 100, COL. ARENAL TEPEPAN, ALCALDIA, TLALPAN. C.P. 14610, CIUDAD DE MEXICO.");
  });
});

describe("estadoOfAddress", () => {
  it("gives INE's two digits of the entidad the address ends with, written out or abbreviated", () => {
    expect(estadoOfAddress("C PITAGORAS 1253 INT. 4, COL. MORELOS 04800, CUAJIMALPA DE MORELOS, D.F.")).toBe("09");
    expect(estadoOfAddress("C PRIV. MONTE 109, COL ARBOLEDAS 38526, GUANAJUATO, GTO")).toBe("11");
    expect(estadoOfAddress("VIADUCTO TLALPAN NO. 100, C.P. 14610, CIUDAD DE MEXICO.")).toBe("09");
    // INE's order puts CH after C (COAHUILA 05, COLIMA 06, CHIAPAS 07, CHIHUAHUA 08).
    expect(estadoOfAddress("C INDEPENDENCIA 580, COL. CENTRO, CHIAPAS")).toBe("07");
    expect(estadoOfAddress("C INDEPENDENCIA 1, COL. CENTRO, ZACATECAS")).toBe("32");
    expect(estadoOfAddress("C INDEPENDENCIA 1, COL. CENTRO, ESTADO DE MEXICO")).toBe("15");
  });

  it("gives nothing where the last part is no entidad", () => {
    expect(estadoOfAddress("C INDEPENDENCIA 1, COL. CENTRO, HAYUNT")).toBeNull();
    expect(estadoOfAddress("C INDEPENDENCIA 1, COL. CENTRO")).toBeNull();
  });
});
