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
 * the VRI key hashes the string's value, §5.4.2.3). Found through the last /ByteRange: its gap is
 * exactly "<hex>".
 */
export function lastSignatureContents(bytes: Uint8Array): Uint8Array {
  const text = Buffer.from(bytes).toString("latin1");
  const matches = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  const last = matches[matches.length - 1];
  if (!last) throw new Error("The file has no signature.");
  const [start, end] = [Number(last[2]), Number(last[3])];
  return new Uint8Array(Buffer.from(text.slice(start + 1, end - 1), "hex"));
}
