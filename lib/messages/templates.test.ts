import { describe, expect, it } from "vitest";
import { renderMessage } from "./templates";

describe("message templates", () => {
  it("render the welcome e-mail in Spanish with accents intact", () => {
    const m = renderMessage("welcome", "es", { name: "José Ñúñez", dashboardUrl: "https://rubrica.example/dashboard" });
    expect(m.subject).toBe("Te damos la bienvenida a Rúbrica");
    expect(m.html).toContain("Hola, José Ñúñez:");
    expect(m.html).toContain('<html lang="es">');
    expect(m.html).toContain('<meta charset="utf-8">');
    expect(m.html).toContain('href="https://rubrica.example/dashboard"');
    expect(m.text).toContain("mis documentos");
    expect(m.text).toContain("https://rubrica.example/dashboard");
  });

  it("render English", () => {
    const m = renderMessage("welcome", "en", { name: "Ana", dashboardUrl: "https://x.example/d" });
    expect(m.subject).toBe("Welcome to Rúbrica");
    expect(m.html).toContain('<html lang="en">');
  });

  it("escape HTML in user-given values", () => {
    const m = renderMessage("welcome", "es", { name: '<script>alert("x")</script>', dashboardUrl: 'https://x.example/"onclick' });
    expect(m.html).not.toContain("<script>");
    expect(m.html).toContain("&lt;script&gt;");
    expect(m.html).not.toContain('"onclick');
  });

  it("quote a rejection's reason without a doubled period, and wrap long words instead of scrolling sideways", () => {
    const params = { name: "Sofía", documentName: "Contrato.pdf", rejectedBy: "Begoña Núñez", reason: "La fecha no coincide con la vigencia.", documentUrl: null };
    const es = renderMessage("document-rejected", "es", params);
    expect(es.text).toContain("Su motivo: «La fecha no coincide con la vigencia».");
    expect(es.text).not.toContain(".».");
    expect(renderMessage("document-rejected", "en", params).text).toContain("Their reason: “La fecha no coincide con la vigencia.”");
    expect(renderMessage("document-rejected", "es", { ...params, reason: "¿Por qué cambió?" }).text).toContain("«¿Por qué cambió?».");
    expect(es.html).toContain("overflow-wrap:anywhere");
  });
});
