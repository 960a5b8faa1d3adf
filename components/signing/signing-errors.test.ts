import { describe, expect, it } from "vitest";
import { ApiError } from "@/components/api-request";
import { makeTranslate } from "@/lib/i18n/translate";
import { signErrorsOf } from "./signing-errors";

const t = makeTranslate("es");
const unprocessable = (errors: Record<string, string[]>) => new ApiError(422, "The given data was invalid.", errors);

describe("the signing API's refusals, as the signer reads them", () => {
  it("puts certificate problems next to the .cer, in Spanish", () => {
    expect(signErrorsOf(t, unprocessable({ certificate: ["The certificate has been revoked by its authority."] }))).toEqual({ certificate: "Este certificado fue revocado por su autoridad." });
    expect(signErrorsOf(t, unprocessable({ certificate: ["The certificate was not issued by an authority trusted for FIREL."] })).certificate).toBe(
      "Este certificado no fue emitido por una autoridad reconocida para FIREL.",
    );
    expect(signErrorsOf(t, unprocessable({ certificate: ["This certificate belongs to RFC GODE561231GR8; the document asks for MAB9307148T4."] })).certificate).toBe(
      "Este certificado es del RFC GODE561231GR8; el documento pide el RFC MAB9307148T4.",
    );
  });

  it("says in Spanish when the certificate is not of the CURP or RFC the owner asked for", () => {
    expect(signErrorsOf(t, unprocessable({ certificate: ["This certificate belongs to CURP GODE561231HDFRRN09; the document asks for CACX760510MGTSHC04."] })).certificate).toBe(
      "Este certificado es de la CURP GODE561231HDFRRN09; el documento pide la CURP CACX760510MGTSHC04.",
    );
    expect(signErrorsOf(t, unprocessable({ certificate: ["This certificate carries no RFC; the document asks for MAB9307148T4."] })).certificate).toBe(
      "Este certificado no trae RFC y el documento pide el RFC MAB9307148T4: firma con la e.firma de esa persona.",
    );
  });

  it("tells a SAT CSD (invoicing seal) from the e.firma the signer needs", () => {
    const problem = "This is a digital seal certificate (CSD), which the SAT issues only for invoicing. To sign, use your e.firma (FIEL): its .cer and .key are the ones you got from the SAT for your tax procedures, not the invoicing ones.";
    expect(signErrorsOf(t, unprocessable({ certificate: [problem] })).certificate).toMatch(/^Este es un certificado de sello digital \(CSD\), que el SAT emite solo para facturar\. Para firmar usa tu e\.firma \(FIEL\)/);
    expect(signErrorsOf(makeTranslate("en"), unprocessable({ certificate: [problem] })).certificate).toMatch(/^This is a digital seal certificate \(CSD\)/);
  });

  it("blames the .key when the signature does not match the certificate", () => {
    expect(signErrorsOf(t, unprocessable({ signature: ["The signature does not match the certificate: the .key file is probably not this certificate's."] }))).toEqual({
      key: "La llave privada (.key) no corresponde a este certificado (.cer). Elige la pareja correcta.",
    });
  });

  it("explains RUBRICA's certificate refusals: not this signer's, or past its 15 minutes", () => {
    expect(signErrorsOf(t, unprocessable({ certificate: ["This certificate was not issued to you for this signature. Verify your identity and sign again from this page."] })).certificate).toBe(
      "El certificado no es el que se emitió para esta firma. Firma de nuevo desde esta página.",
    );
    expect(signErrorsOf(t, unprocessable({ certificate: ["Your verified-identity certificate expired (it lasts 15 minutes). Sign again from this page."] })).certificate).toBe(
      "Tu certificado de identidad verificada venció (dura 15 minutos). Firma de nuevo desde esta página.",
    );
  });

  it("keeps a message it does not know, rather than lose it", () => {
    expect(signErrorsOf(t, unprocessable({ certificate: ["Something new."] }))).toEqual({ certificate: "Something new." });
  });

  it("explains 409, 429 and 503 for the whole form", () => {
    expect(signErrorsOf(t, new ApiError(409, "You already signed this document.")).form).toMatch(/cambió/);
    expect(signErrorsOf(t, new ApiError(429, "Too many requests")).form).toMatch(/Espera un minuto/);
    expect(signErrorsOf(t, new ApiError(503, "We could not check")).form).toMatch(/revocado/);
  });
});
