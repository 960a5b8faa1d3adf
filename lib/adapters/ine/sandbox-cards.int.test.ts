import { afterAll, describe, expect, it } from "vitest";
import { closeIneFrontReader, tesseractIneFrontReader } from "@/lib/adapters/ocr/ine-front-reader";
import { readIneFront } from "@/lib/adapters/ocr/read-ine-front";
import { cardPhoto, SANDBOX_FACES } from "./sandbox-faces";
import { frontLayout, printedFront, renderIneFront } from "./sandbox-cards";
import { SANDBOX_VOTERS } from "./sandbox-voters";

// The sandbox fronts are drawn in INE's two current layouts; the identity checks read them with
// the same reader as a real card (OCR, no database: an integration test for its time).
afterAll(() => closeIneFrontReader());

const read = async (person: number) => (await readIneFront(tesseractIneFrontReader, await renderIneFront(SANDBOX_VOTERS[person - 1]!, { photo: await cardPhoto(SANDBOX_FACES[person - 1]!) }))).front;

describe("sandbox INE fronts in the real layouts, read by the front reader", () => {
  // Persons 3 (model E) and 4 (F): the 2014 front, values beside their labels, with ESTADO,
  // MUNICIPIO, LOCALIDAD and EMISIÓN. Persons 1 (G) and 2 (H): the 2019 front, values below their
  // labels, none of those. Every field as printed, accents and Ñ kept.
  it.each([3, 4, 1, 2])("person %i: every field the card prints", async (person) => {
    const voter = SANDBOX_VOTERS[person - 1]!;
    expect(frontLayout(voter)).toBe(person > 2 ? "2014" : "2019");
    expect(await read(person)).toEqual(printedFront(voter));
  }, 120_000);

  it("prints a 2019 front's names and address as INE does, without accents, and reads the Ñ back", async () => {
    expect(await read(2)).toMatchObject({ nombres: "JOSE ANGEL", primer_apellido: "NUÑEZ", segundo_apellido: "GARCIA" });
    expect((await read(1)).domicilio).toBe("C INDEPENDENCIA 123, COL. CENTRO, CIUDAD DE MEXICO");
  }, 120_000);
});
