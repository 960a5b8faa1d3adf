import { createHash } from "node:crypto";
import { PDFArray, PDFDict, PDFName, type PDFRef } from "pdf-lib";
import type { ValidationData } from "@/lib/crypto/validation-data";
import { saveIncrementalUpdate, type IncrementalPdf } from "./incremental-update";

/**
 * Adds validation data to the document security store (ETSI EN 319 142-1 §5.4.2, PAdES-B-LT;
 * PDF 2.0 §12.8.4.3) as one more incremental update: /DSS in the catalog with /Certs, /OCSPs and
 * /CRLs (arrays of streams holding DER), and a /VRI entry for the signature just made, keyed by
 * the upper-case hex SHA-1 of its /Contents (§5.4.2.3; ISO 32000-2 Table 262) and naming the same streams. A DSS the
 * file already had (an earlier LTV signature) is kept and extended, never replaced. Pure.
 */
export async function addDocumentSecurityStore(doc: IncrementalPdf, data: ValidationData, signatureContents: Uint8Array): Promise<Uint8Array> {
  const { pdf } = doc;
  const { context, catalog } = pdf;
  const stream = (der: Uint8Array) => context.register(context.stream(der));
  const refs = { Certs: data.certificates.map(stream), OCSPs: data.ocsps.map(stream), CRLs: data.crls.map(stream) };

  let dss = catalog.lookupMaybe(PDFName.of("DSS"), PDFDict);
  if (!dss) {
    dss = context.obj({}) as PDFDict;
    catalog.set(PDFName.of("DSS"), context.register(dss));
  }
  for (const [name, list] of Object.entries(refs)) if (list.length) appendTo(dss, name, list);

  let vri = dss.lookupMaybe(PDFName.of("VRI"), PDFDict);
  if (!vri) {
    vri = context.obj({}) as PDFDict;
    dss.set(PDFName.of("VRI"), vri);
  }
  const key = createHash("sha1").update(signatureContents).digest("hex").toUpperCase();
  const entry = context.obj({}) as PDFDict;
  if (refs.Certs.length) entry.set(PDFName.of("Cert"), context.obj(refs.Certs));
  if (refs.OCSPs.length) entry.set(PDFName.of("OCSP"), context.obj(refs.OCSPs));
  if (refs.CRLs.length) entry.set(PDFName.of("CRL"), context.obj(refs.CRLs));
  vri.set(PDFName.of(key), context.register(entry));
  return saveIncrementalUpdate(doc);
}

function appendTo(dss: PDFDict, name: string, refs: PDFRef[]): void {
  const existing = dss.lookupMaybe(PDFName.of(name), PDFArray);
  if (existing) for (const ref of refs) existing.push(ref);
  else dss.set(PDFName.of(name), dss.context.obj(refs));
}

/**
 * The /Contents of the file's last signature, as the bytes of its hex string (padding included:
 * the VRI key hashes the string's value, §5.4.2.3). Found through the last /ByteRange, searched
 * from the end (the signature just made is in the last update): its gap is exactly "<hex>".
 */
export function lastSignatureContents(bytes: Uint8Array): Uint8Array {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let range: RegExpExecArray | null = null;
  for (let at = file.lastIndexOf("/ByteRange"); !range && at !== -1; at = at > 0 ? file.lastIndexOf("/ByteRange", at - 1) : -1) {
    range = /^\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(file.toString("latin1", at, at + 100));
  }
  if (!range) throw new Error("The file has no signature.");
  const [start, end] = [Number(range[2]), Number(range[3])];
  return new Uint8Array(Buffer.from(file.toString("latin1", start + 1, end - 1), "hex"));
}
