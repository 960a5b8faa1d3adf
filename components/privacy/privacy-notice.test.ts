import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { makeTranslate } from "@/lib/i18n/translate";
import { PrivacyNotice } from "./privacy-notice";

const operator = { name: "Firmas del Bajío, S.A. de C.V.", address: "Av. Juárez 100, Centro, 37000 León, Gto.", email: "privacidad@firmas.example" };
const text = (props: Partial<Parameters<typeof PrivacyNotice>[0]>) =>
  renderToStaticMarkup(createElement(PrivacyNotice, { t: makeTranslate("es"), operator, integrator: null, fromVerification: false, sessionHours: 72, ...props }))
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

describe("the privacy notice", () => {
  it("names the configured operator, its address and its privacy e-mail (as a mailto link)", () => {
    const html = renderToStaticMarkup(createElement(PrivacyNotice, { t: makeTranslate("es"), operator, integrator: null, fromVerification: false, sessionHours: 72 }));
    expect(html).toContain('href="mailto:privacidad@firmas.example"');
    const plain = text({});
    expect(plain).toContain("Firmas del Bajío, S.A. de C.V. opera este servicio");
    expect(plain).toContain("Domicilio: Av. Juárez 100, Centro, 37000 León, Gto.");
    expect(plain).toContain("Escribe a privacidad@firmas.example con tu nombre");
  });

  it("makes the integrator responsible and the operator its encargado when opened from a verification", () => {
    const plain = text({ integrator: "Constructora Ñandú", fromVerification: true });
    expect(plain).toContain("el responsable de tus datos es Constructora Ñandú");
    expect(plain).toContain("Firmas del Bajío, S.A. de C.V. actúa como encargado");
    expect(plain).toContain("Puedes cerrar esta pestaña");
  });

  it("says plainly what the operator has not published, instead of an empty line", () => {
    const plain = text({ operator: { name: "Rúbrica" } });
    expect(plain).toContain("Domicilio: el operador aún no lo publica");
    expect(plain).toContain("El operador aún no publica un correo de privacidad");
    expect(plain).toContain("a las 72 horas");
  });

  it("reads in English too", () => {
    const plain = renderToStaticMarkup(createElement(PrivacyNotice, { t: makeTranslate("en"), operator, integrator: "Constructora Ñandú", fromVerification: true, sessionHours: 72 }));
    expect(plain).toContain("the party responsible for your data is Constructora Ñandú");
  });
});
