import { describe, expect, it } from "vitest";
import { crossCheckIdentity, type IdentityEvidence } from "./identity-cross-checks";
import type { IneMrz } from "./ine-mrz";

// José Ángel Núñez García, as the sandbox knows him: the front prints accents and Ñ, the MRZ
// cannot, RENAPO has them.
const front = {
  nombres: "JOSÉ ÁNGEL",
  primer_apellido: "NÚÑEZ",
  segundo_apellido: "GARCÍA",
  fecha_nacimiento: "1980-07-15",
  sexo: "H" as const,
  seccion: "1456",
  clave_elector: "NXGRAN80071514H300",
  num_emisiones: "02",
};
const mrz: IneMrz = {
  cic: "200000002",
  ocr: "1456100000002",
  seccion: "1456",
  identificadorCiudadano: "100000002",
  birthDate: "1980-07-15",
  sex: "H",
  expiry: "2033-12-31",
  numeroEmision: "02",
  optionalNumber: "00002",
  optionalData: "<02<<00002<",
  primerApellido: "NUNEZ",
  segundoApellido: "GARCIA",
  nombres: "JOSE ANGEL",
};
const renapo = { nombres: "JOSÉ ÁNGEL", primer_apellido: "NÚÑEZ", segundo_apellido: "GARCÍA", fecha_nacimiento: "1980-07-15", sexo: "H" as const };
const all: IdentityEvidence = { curp: "NUGA800715HJCXRN07", front, mrz, renapo };

describe("crossCheckIdentity", () => {
  it("passes every check when the front, the MRZ, the CURP and RENAPO agree (accents and Ñ aside)", () => {
    expect(crossCheckIdentity(all)).toEqual({
      curp_valido: true,
      fecha_nacimiento_match: true,
      sexo_match: true,
      nombre_match: true,
      seccion_match: true,
      clave_elector_match: true,
      numero_emision_match: true,
    });
  });

  it("answers null, not true, for what fewer than two sources tell", () => {
    expect(crossCheckIdentity({})).toEqual({ curp_valido: null, fecha_nacimiento_match: null, sexo_match: null, nombre_match: null, seccion_match: null, clave_elector_match: null, numero_emision_match: null });
    expect(crossCheckIdentity({ mrz })).toMatchObject({ fecha_nacimiento_match: null, nombre_match: null, seccion_match: null });
    const onlyClave = { nombres: "A", primer_apellido: "B", segundo_apellido: "C", clave_elector: front.clave_elector };
    expect(crossCheckIdentity({ front: onlyClave }).clave_elector_match).toBeNull();
    expect(crossCheckIdentity({ front: onlyClave, mrz }).clave_elector_match).toBe(true);
    // The CURP alone gives a birth date and sex, the MRZ a second one: now they can be compared.
    expect(crossCheckIdentity({ curp: all.curp, mrz })).toMatchObject({ curp_valido: true, fecha_nacimiento_match: true, sexo_match: true, nombre_match: null });
  });

  it("catches a birth date that one source tells differently", () => {
    expect(crossCheckIdentity({ ...all, mrz: { ...mrz, birthDate: "1980-07-16" } })).toMatchObject({ fecha_nacimiento_match: false, clave_elector_match: false });
    expect(crossCheckIdentity({ ...all, renapo: { ...renapo, fecha_nacimiento: "1981-07-15" } }).fecha_nacimiento_match).toBe(false);
    // A CURP of someone else (valid, other birth date and sex).
    expect(crossCheckIdentity({ ...all, curp: "PELG850312MDFRPD00" })).toMatchObject({ curp_valido: true, fecha_nacimiento_match: false, sexo_match: false });
  });

  it("does not take an invalid CURP's date or sex into account, and says it is invalid", () => {
    expect(crossCheckIdentity({ ...all, curp: "NUGA800715HJCXRN08" })).toMatchObject({ curp_valido: false, fecha_nacimiento_match: true, sexo_match: true });
  });

  it("catches a different sex, sección or clave de elector", () => {
    expect(crossCheckIdentity({ ...all, mrz: { ...mrz, sex: "M" } })).toMatchObject({ sexo_match: false, clave_elector_match: false });
    expect(crossCheckIdentity({ ...all, front: { ...front, seccion: "1465" } }).seccion_match).toBe(false);
    expect(crossCheckIdentity({ front: { ...front, seccion: "123" }, mrz: { ...mrz, seccion: "0123" } }).seccion_match).toBe(true);
    expect(crossCheckIdentity({ ...all, front: { ...front, clave_elector: "NXGRAN80071614H300" } }).clave_elector_match).toBe(false);
    expect(crossCheckIdentity({ ...all, front: { ...front, clave_elector: "NXGRAN80071514M300" } }).clave_elector_match).toBe(false);
    expect(crossCheckIdentity({ ...all, front: { ...front, clave_elector: "NOT-A-CLAVE" } }).clave_elector_match).toBe(false);
  });

  it("compares names without accents and Ñ, but a different name fails", () => {
    expect(crossCheckIdentity({ front, renapo: { ...renapo, nombres: "JOSE ANGEL", primer_apellido: "NUÑEZ" } }).nombre_match).toBe(true);
    expect(crossCheckIdentity({ ...all, renapo: { ...renapo, nombres: "JOSÉ ÁNGELA" } }).nombre_match).toBe(false);
    expect(crossCheckIdentity({ ...all, mrz: { ...mrz, segundoApellido: "GARZA" } }).nombre_match).toBe(false);
    // Surnames swapped is another person on paper.
    expect(crossCheckIdentity({ front, renapo: { ...renapo, primer_apellido: "GARCÍA", segundo_apellido: "NÚÑEZ" } }).nombre_match).toBe(false);
  });

  it("accepts an MRZ name cut at 30 characters when it is the start of the full name", () => {
    const long = { nombres: "MARÍA DE LOS ÁNGELES GUADALUPE", primer_apellido: "FERNÁNDEZ DE CÓRDOBA", segundo_apellido: "SANTIBÁÑEZ" };
    // FERNANDEZ<DE<CORDOBA<SANTIBANEZ<<MARIA… is 30 characters at "SANTIBANEZ<".
    const cut: IneMrz = { ...mrz, primerApellido: "FERNANDEZ DE CORDOBA", segundoApellido: "SANTIBANEZ", nombres: "" };
    expect(crossCheckIdentity({ front: { ...front, ...long }, mrz: cut }).nombre_match).toBe(true);
    expect(crossCheckIdentity({ front: { ...front, ...long }, mrz: { ...cut, segundoApellido: "SANTIBANES" } }).nombre_match).toBe(false);
    // A short MRZ name must match in full: a missing given name is not a cut.
    expect(crossCheckIdentity({ front, mrz: { ...mrz, nombres: "JOSE" } }).nombre_match).toBe(false);
  });
});

describe("numero_emision_match: the front's emission number against the MRZ's", () => {
  it("agrees when both tell the same number, fails when they differ (a front and a back of two issues)", () => {
    expect(crossCheckIdentity({ front, mrz }).numero_emision_match).toBe(true);
    expect(crossCheckIdentity({ front: { ...front, num_emisiones: "01" }, mrz }).numero_emision_match).toBe(false);
    expect(crossCheckIdentity({ front, mrz: { ...mrz, numeroEmision: "03" } }).numero_emision_match).toBe(false);
  });

  it("is null unless both were read (models G/H print no emission on the front; an MRZ may carry none)", () => {
    expect(crossCheckIdentity({ front: { ...front, num_emisiones: null }, mrz }).numero_emision_match).toBeNull();
    expect(crossCheckIdentity({ front, mrz: { ...mrz, numeroEmision: null } }).numero_emision_match).toBeNull();
    expect(crossCheckIdentity({ front }).numero_emision_match).toBeNull();
  });
});

describe("sex X (non-binary) and an MRZ that leaves the sex out", () => {
  it("compares X like any other sex: the CURP's X agrees with the MRZ's X, not with an H", () => {
    const curpX = "NUGA800715XJCXRN01";
    expect(crossCheckIdentity({ curp: curpX, mrz: { ...mrz, sex: "X" } })).toMatchObject({ curp_valido: true, sexo_match: true });
    expect(crossCheckIdentity({ curp: curpX, mrz })).toMatchObject({ curp_valido: true, sexo_match: false });
  });

  it("takes an MRZ with no sex (<) as saying nothing about it", () => {
    expect(crossCheckIdentity({ curp: all.curp, mrz: { ...mrz, sex: null } }).sexo_match).toBeNull();
    expect(crossCheckIdentity({ ...all, mrz: { ...mrz, sex: null } }).sexo_match).toBe(true);
  });
});
