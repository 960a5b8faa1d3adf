import { describe, expect, it } from "vitest";
import type { IneFront } from "@/lib/mx/ine-front";
import type { IneMrz } from "@/lib/mx/ine-mrz";
import { judgeIneValidation, type IneEvidence } from "./judge-ine-validation";

// The order in which the full INE validation names the first check that failed, and the cases the
// sandbox images cannot produce (RENAPO down, a withdrawn CURP, RENAPO naming someone else).

const mrz: IneMrz = {
  cic: "200000001", ocr: "0123100000001", seccion: "0123", identificadorCiudadano: "100000001", birthDate: "1985-03-12", sex: "M", expiry: "2031-12-31",
  numeroEmision: "01", optionalNumber: null, primerApellido: "PEREZ", segundoApellido: "LOPEZ", nombres: "MARIA GUADALUPE", optionalData: "<01<<12345<",
};
const front: IneFront = {
  nombres: "MARIA GUADALUPE", primer_apellido: "PÉREZ", segundo_apellido: "LÓPEZ", nombre_completo: "PÉREZ LÓPEZ MARIA GUADALUPE", curp: "PELG850312MDFRPD00", clave_elector: "PRLPMR85031209M800",
  fecha_nacimiento: "1985-03-12", sexo: "M", seccion: "0123", vigencia: "2031", domicilio: null, anio_registro: "2003", anio_emision: "2021", num_emisiones: "01", estado: null, municipio: null, localidad: null,
};
const persona = { curp: front.curp!, nombres: "MARIA GUADALUPE", primer_apellido: "PEREZ", segundo_apellido: "LOPEZ", sexo: "M" as const, fecha_nacimiento: "1985-03-12", entidad_nacimiento: "DF", nacionalidad: "MEX", estatus_curp: "AN" };
const good: IneEvidence = {
  mrz, front,
  roll: { estado: "VIGENTE", registro: null, consultado_en: "2026-11-26T10:00:00Z" } as unknown as IneEvidence["roll"],
  renapo: { estatus: "ENCONTRADA", persona, consultado_en: "2026-11-26T10:00:00Z" },
  face: { result: true },
  now: new Date("2026-11-26T10:00:00Z"),
};
const judge = (change: Partial<IneEvidence>) => judgeIneValidation({ ...good, ...change });

describe("judgeIneValidation", () => {
  it("is valid only when everything agrees", () => {
    expect(judge({})).toEqual({ status: true, message: "La credencial es válida" });
  });

  it("names the voter roll first, then the expiry, then the front against the back", () => {
    const forged = { ...front, nombres: "MARGARITA", primer_apellido: "GOMEZ", fecha_nacimiento: "1990-01-01" };
    expect(judge({ roll: { unavailable: true, reason: "timeout" }, front: forged }).message).toMatch(/^No fue posible consultar la Lista Nominal/);
    expect(judge({ mrz: { ...mrz, expiry: "2025-12-31" }, front: forged }).message).toBe("La credencial venció el 31/12/2025; ya no es válida como medio de identificación.");
    expect(judge({ front: forged })).toEqual({ status: false, message: "El frente y el reverso no son de la misma credencial: no coinciden nombre, fecha de nacimiento y clave de elector." });
  });

  it("says which fields of the front could not be read, and does not pass them", () => {
    const unread = { ...front, nombres: null, vigencia: null, curp: null };
    expect(judge({ front: unread, renapo: null })).toEqual({
      status: false,
      message: "No pudimos leer en el frente de la credencial nombre, vigencia y CURP, así que no se pudo comparar con el reverso. Envía una foto nítida del frente completo, de frente y sin reflejos.",
    });
  });

  it("a person with one surname has none on either side: not an unread field", () => {
    const oneSurname = { ...front, segundo_apellido: null, nombre_completo: "PÉREZ MARIA GUADALUPE" };
    expect(judge({ front: oneSurname, mrz: { ...mrz, segundoApellido: "" }, renapo: { ...(good.renapo as object), persona: { ...persona, segundo_apellido: "" } } as IneEvidence["renapo"] })).toEqual({ status: true, message: "La credencial es válida" });
    expect(judge({ front: oneSurname }).status).toBe(false);
  });

  it("RENAPO: down, unknown, withdrawn, or naming someone else is not valid", () => {
    expect(judge({ renapo: { unavailable: true, reason: "503" } }).message).toBe("RENAPO no está disponible para confirmar la CURP; intenta de nuevo más tarde.");
    expect(judge({ renapo: { estatus: "NO_ENCONTRADA", persona: null, consultado_en: "x" } }).message).toBe("La CURP no está registrada en RENAPO.");
    expect(judge({ renapo: { estatus: "ENCONTRADA", persona: { ...persona, estatus_curp: "BD" }, consultado_en: "x" } }).message).toBe("La CURP está dada de baja en RENAPO (estatus BD).");
    expect(judge({ renapo: { estatus: "ENCONTRADA", persona: { ...persona, nombres: "ROSA" }, consultado_en: "x" } }).message).toBe("Los datos de RENAPO no coinciden con los de la credencial: nombre.");
  });

  it("a CURP whose check digit is wrong is refused before RENAPO is read", () => {
    expect(judge({ front: { ...front, curp: "PELG850312MDFRPD01" } }).message).toBe("La CURP impresa en el frente de la credencial no es una CURP válida.");
  });

  it("the face comes last", () => {
    expect(judge({ face: { result: false } })).toEqual({ status: false, message: "El rostro de la selfie no coincide con el de la credencial" });
    expect(judge({ face: null }).status).toBe(true);
  });
});
