import { afterAll, describe, expect, it } from "vitest";
import { closeIneFrontReader, tesseractIneFrontReader } from "@/lib/adapters/ocr/ine-front-reader";
import { readIneFront } from "@/lib/adapters/ocr/read-ine-front";
import { cardPhoto, SANDBOX_FACES } from "./sandbox-faces";
import { frontLayout, renderIneFront, sandboxAddress, sandboxGeography } from "./sandbox-cards";
import { SANDBOX_VOTERS } from "./sandbox-voters";

// The sandbox fronts are drawn in INE's two current layouts; the identity checks read them with
// the same reader as a real card (OCR, no database: an integration test for its time).
afterAll(() => closeIneFrontReader());

const read = async (person: number) => (await readIneFront(tesseractIneFrontReader, await renderIneFront(SANDBOX_VOTERS[person - 1]!, { photo: await cardPhoto(SANDBOX_FACES[person - 1]!) }))).front;

describe("sandbox INE fronts in the real layouts, read by the front reader", () => {
  it("person 3's model E: the 2014 front, values beside their labels, with ESTADO, MUNICIPIO, LOCALIDAD and EMISIÓN", async () => {
    const sofia = SANDBOX_VOTERS[2]!;
    expect(frontLayout(sofia)).toBe("2014");
    expect(await read(3)).toEqual({
      nombres: "SOFÍA",
      primer_apellido: "IBÁÑEZ",
      segundo_apellido: "PEÑA",
      nombre_completo: "SOFÍA IBÁÑEZ PEÑA",
      curp: sofia.curp,
      clave_elector: sofia.clave_elector,
      fecha_nacimiento: sofia.fecha_nacimiento,
      sexo: "M",
      seccion: sofia.seccion,
      vigencia: sofia.vigencia,
      domicilio: sandboxAddress(sofia),
      anio_registro: sofia.anio_registro,
      anio_emision: sofia.anio_emision,
      num_emisiones: sofia.numero_emision,
      ...sandboxGeography(sofia),
    });
  }, 120_000);

  it("person 1's model G: the 2019 front, values below their labels, no EMISIÓN nor ESTADO, MUNICIPIO, LOCALIDAD", async () => {
    const maria = SANDBOX_VOTERS[0]!;
    expect(frontLayout(maria)).toBe("2019");
    expect(await read(1)).toMatchObject({
      nombres: maria.nombres,
      primer_apellido: maria.primer_apellido,
      segundo_apellido: maria.segundo_apellido,
      curp: maria.curp,
      clave_elector: maria.clave_elector,
      fecha_nacimiento: maria.fecha_nacimiento,
      sexo: "M",
      seccion: maria.seccion,
      vigencia: maria.vigencia,
      anio_registro: maria.anio_registro,
      num_emisiones: maria.numero_emision,
      anio_emision: null,
      estado: null,
      municipio: null,
      localidad: null,
    });
  }, 120_000);
});
