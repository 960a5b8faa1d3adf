import { describe, expect, it } from "vitest";
import { canonicalAmount, compareReceipt, holderName } from "./compare-receipt";

const official = {
  numero_servicio: "210987654321",
  titular: "JOSÉ ÁNGEL NÚÑEZ GARCÍA",
  domicilio: "CALLE PEÑA POBRE 45",
  periodo: "01 AGO 26 - 30 SEP 26",
  importe: "987",
  estado_recibo: "PENDIENTE DE PAGO",
  fecha_limite: "2026-10-20",
};

describe("receipt matching", () => {
  it.each([
    ["1234.5", "1234.5"],
    ["1234.50", "1234.5"],
    ["01234.500", "1234.5"],
    ["987", "987"],
    ["987.00", "987"],
    ["0.10", "0.1"],
    ["0", "0"],
    ["000", "0"],
  ])("amount %s reads as %s", (given, canonical) => expect(canonicalAmount(given)).toBe(canonical));

  it.each(["$987", "1,234.50", "12.", ".5", "1e3", "-5", "", "abc"])("%j is not an amount", (given) => expect(canonicalAmount(given)).toBeNull());

  it("folds spaces and case in names but keeps accents", () => {
    expect(holderName("  josé   ángel núñez\tgarcía ")).toBe("JOSÉ ÁNGEL NÚÑEZ GARCÍA");
    expect(holderName("JOSE ANGEL NUNEZ GARCIA")).not.toBe(holderName(official.titular));
  });

  it("matches a receipt typed in lower case with extra spaces and 987.00 for 987", () => {
    const outcome = compareReceipt({ nombre_titular: " josé ángel  núñez garcía", importe: "987.00" }, official);
    expect(outcome).toEqual({ estado: "OK", verificado: true, mensaje: "Los datos coinciden con el recibo emitido.", codigo_rechazo: null, datos_oficiales: official });
  });

  it("rejects another name, another amount, and an unknown service, showing no official data", () => {
    expect(compareReceipt({ nombre_titular: "JOSE ANGEL NUNEZ GARCIA", importe: "987" }, official)).toMatchObject({ estado: "DATOS_NO_COINCIDEN", verificado: false, codigo_rechazo: "NOMBRE_NO_COINCIDE", datos_oficiales: null });
    expect(compareReceipt({ nombre_titular: official.titular, importe: "987.01" }, official)).toMatchObject({ estado: "DATOS_NO_COINCIDEN", codigo_rechazo: "IMPORTE_NO_COINCIDE", datos_oficiales: null });
    expect(compareReceipt({ nombre_titular: "OTRA PERSONA", importe: "1" }, official)).toMatchObject({ codigo_rechazo: "NOMBRE_NO_COINCIDE" });
    expect(compareReceipt({ nombre_titular: "X", importe: "1" }, null)).toEqual({ estado: "DATOS_NO_COINCIDEN", verificado: false, mensaje: "No existe un recibo con ese número de servicio.", codigo_rechazo: "SERVICIO_NO_ENCONTRADO", datos_oficiales: null });
  });
});
