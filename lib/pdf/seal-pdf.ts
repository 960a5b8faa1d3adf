import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { SignPdf } from "@signpdf/signpdf";
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from "@signpdf/utils";
import { PDFDocument } from "pdf-lib";

/**
 * Seals a finished PDF with one PAdES signature: a placeholder is added (the PDF saved with a
 * classic xref table so the signature can be spliced in), then the CMS is computed over the
 * ByteRange by `sign` and written into /Contents. Pure: the CMS builder is passed in.
 */
export async function sealPdf(
  pdf: PDFDocument,
  options: { reason: string; location: string; name: string; contactInfo: string; signingTime: Date; signatureLength?: number },
  sign: (content: Uint8Array) => Promise<Uint8Array>,
): Promise<Uint8Array> {
  pdflibAddPlaceholder({
    pdfDoc: pdf,
    reason: options.reason,
    location: options.location,
    name: options.name,
    contactInfo: options.contactInfo,
    signingTime: options.signingTime,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    // Room for the CMS: certificates of the chain plus the timestamp token with its own.
    signatureLength: options.signatureLength ?? 24_000,
    appName: "Rúbrica",
  });
  const withPlaceholder = await pdf.save({ useObjectStreams: false });

  class CallbackSigner extends Signer {
    async sign(content: Buffer): Promise<Buffer> {
      return Buffer.from(await sign(new Uint8Array(content)));
    }
  }
  const signed = await new SignPdf().sign(Buffer.from(withPlaceholder), new CallbackSigner(), options.signingTime);
  return new Uint8Array(signed);
}
