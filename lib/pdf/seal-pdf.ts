import { SignPdf } from "@signpdf/signpdf";
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from "@signpdf/utils";
import { PDFArray, PDFDict, PDFHexString, PDFName, PDFNumber, PDFString, type PDFDocument } from "pdf-lib";
import { saveIncrementalUpdate, type IncrementalPdf } from "./incremental-update";

export type SealOptions = { reason: string; location: string; name: string; contactInfo: string; signingTime: Date; signatureLength?: number };

/**
 * Seals a finished PDF with one PAdES signature, written as an incremental update over the
 * original bytes (whatever stamps, pages or attachments were added to `doc.pdf` go in the same
 * update): a signature field with a placeholder, the update appended, then the CMS computed by
 * `sign` over the ByteRange (everything but /Contents) and written into /Contents. Earlier
 * signatures keep covering their bytes, so they stay valid. Pure: the CMS builder is passed in.
 */
export async function sealPdf(doc: IncrementalPdf, options: SealOptions, sign: (content: Uint8Array) => Promise<Uint8Array>): Promise<Uint8Array> {
  const signature = {
    Type: "Sig",
    Filter: "Adobe.PPKLite",
    SubFilter: SUBFILTER_ETSI_CADES_DETACHED,
    Reason: PDFString.of(options.reason),
    M: PDFString.fromDate(options.signingTime),
    ContactInfo: PDFString.of(options.contactInfo),
    Name: PDFString.of(options.name),
    Location: PDFString.of(options.location),
    Prop_Build: { Filter: { Name: "Adobe.PPKLite" }, App: { Name: "Rubrica" } },
  };
  return signIncrementally(doc, signature, options.signatureLength ?? 12_000, options.signingTime, sign);
}

/**
 * A document time-stamp (PAdES-B-LTA, ETSI EN 319 142-1 §5.4.3; PDF 2.0 §12.8.5): a signature
 * dictionary of /Type /DocTimeStamp, /SubFilter /ETSI.RFC3161 whose /Contents is an RFC 3161
 * token over the SHA-256 of the bytes its ByteRange covers, the whole file but the token. It
 * protects everything before it (the signatures and the DSS) once their certificates expire.
 */
export async function addDocumentTimestamp(doc: IncrementalPdf, stamp: (imprint: Uint8Array) => Promise<Uint8Array>, now: Date, tokenLength = 12_000): Promise<Uint8Array> {
  const timestamp = { Type: "DocTimeStamp", Filter: "Adobe.PPKLite", SubFilter: "ETSI.RFC3161" };
  return signIncrementally(doc, timestamp, tokenLength, now, async (content) => stamp(new Uint8Array(await crypto.subtle.digest("SHA-256", new Uint8Array(content)))));
}

/**
 * A signature field with a ByteRange placeholder and zeroed /Contents of `length` bytes, the
 * update appended, then `sign` computed over the ByteRange (everything but /Contents) and
 * written into /Contents by @signpdf.
 */
async function signIncrementally(doc: IncrementalPdf, entries: Record<string, unknown>, length: number, when: Date, sign: (content: Uint8Array) => Promise<Uint8Array>): Promise<Uint8Array> {
  addSignaturePlaceholder(doc.pdf, entries, length);
  const withPlaceholder = await saveIncrementalUpdate(doc);

  class CallbackSigner extends Signer {
    async sign(content: Buffer): Promise<Buffer> {
      return Buffer.from(await sign(new Uint8Array(content)));
    }
  }
  const signed = await new SignPdf().sign(Buffer.from(withPlaceholder), new CallbackSigner(), when);
  return new Uint8Array(signed);
}

/**
 * An invisible signature field on the first page whose value is a signature dictionary with a
 * ByteRange placeholder (@signpdf finds and fills it) and zeroed /Contents. Written here rather
 * than with @signpdf/placeholder-pdf-lib because that one replaces an indirect /Fields array
 * (dropping the fields of earlier signatures) and always names its field "Signature1", which
 * real signed files already use.
 */
function addSignaturePlaceholder(pdf: PDFDocument, entries: Record<string, unknown>, length: number): void {
  const { context, catalog } = pdf;
  const byteRange = context.obj([0, PDFName.of("**********"), PDFName.of("**********"), PDFName.of("**********")]);
  // Room for the CMS: certificates of the chain plus the timestamp token with its own.
  const signature = context.register(context.obj({ ...entries, ByteRange: byteRange, Contents: PDFHexString.of("0".repeat(2 * length)) } as Parameters<typeof context.obj>[0]));

  let acroForm = catalog.lookupMaybe(PDFName.of("AcroForm"), PDFDict);
  if (!acroForm) {
    acroForm = context.obj({ Fields: [] }) as PDFDict;
    catalog.set(PDFName.of("AcroForm"), context.register(acroForm));
  }
  let fields = acroForm.lookupMaybe(PDFName.of("Fields"), PDFArray);
  if (!fields) {
    fields = context.obj([]);
    acroForm.set(PDFName.of("Fields"), fields);
  }
  const page = pdf.getPages()[0]!;
  const widget = context.register(
    context.obj({
      Type: "Annot",
      Subtype: "Widget",
      FT: "Sig",
      Rect: [0, 0, 0, 0],
      V: signature,
      T: PDFString.of(uniqueFieldName(fields)),
      F: 132, // Print + Locked
      P: page.ref,
      AP: { N: context.register(context.formXObject([], { BBox: [0, 0, 0, 0], Resources: {} })) },
    }),
  );
  fields.push(widget);
  const flags = acroForm.lookupMaybe(PDFName.of("SigFlags"), PDFNumber)?.asNumber() ?? 0;
  // SignaturesExist | AppendOnly: a later writer must update incrementally too.
  acroForm.set(PDFName.of("SigFlags"), PDFNumber.of(flags | 3));
  const annots = page.node.lookupMaybe(PDFName.of("Annots"), PDFArray);
  if (annots) annots.push(widget);
  else page.node.set(PDFName.of("Annots"), context.obj([widget]));
}

function uniqueFieldName(fields: PDFArray): string {
  const taken = new Set<string>();
  for (let i = 0; i < fields.size(); i++) {
    const field = fields.lookupMaybe(i, PDFDict);
    const name = field?.lookupMaybe(PDFName.of("T"), PDFString, PDFHexString);
    if (name) taken.add(name.decodeText());
  }
  let n = 1;
  while (taken.has(`Rubrica${n}`)) n++;
  return `Rubrica${n}`;
}
