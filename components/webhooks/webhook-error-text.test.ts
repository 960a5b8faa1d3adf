import { describe, expect, it } from "vitest";
import { makeTranslate } from "@/lib/i18n/translate";
import { webhookOutcomeText } from "./webhook-error-text";

const es = makeTranslate("es");

describe("webhook outcome in words", () => {
  it("says what Node's network errors mean, in Spanish", () => {
    expect(webhookOutcomeText(null, "getaddrinfo ENOTFOUND hooks.ejemplo.invalid", es)).toBe("El nombre del servidor no existe (DNS).");
    expect(webhookOutcomeText(null, "connect ECONNREFUSED 203.0.113.9:443", es)).toBe("El servidor rechazó la conexión.");
    expect(webhookOutcomeText(null, "No answer within 10000 ms", es)).toBe("El servidor no respondió a tiempo.");
    expect(webhookOutcomeText(null, "self-signed certificate in certificate chain", es)).toBe("El certificado HTTPS del servidor no es válido.");
    expect(webhookOutcomeText(null, "10.0.0.5 is a private or local address; webhooks cannot target it.", es)).toBe("La dirección es privada o local; los webhooks no pueden llegar ahí.");
    expect(webhookOutcomeText(null, "something nobody foresaw", es)).toBe("No se pudo entregar (error de red).");
  });

  it("keeps HTTP status codes as they are, in any language", () => {
    expect(webhookOutcomeText(500, null, es)).toBe("HTTP 500");
    expect(webhookOutcomeText(null, "HTTP 404", es)).toBe("HTTP 404");
    expect(webhookOutcomeText(null, null, makeTranslate("en"))).toBe("—");
    expect(webhookOutcomeText(null, "getaddrinfo ENOTFOUND x", makeTranslate("en"))).toBe("The server's name does not exist (DNS).");
  });
});
