import { certificatesIn } from "@/lib/crypto/signed-data";
import { collectValidationData, signatureTimestampIn, type Authority } from "@/lib/crypto/validation-data";
import { addDocumentSecurityStore, lastSignatureContents } from "@/lib/pdf/document-security-store";
import { continueIncrementalUpdate, type IncrementalPdf } from "@/lib/pdf/incremental-update";
import { addDocumentTimestamp } from "@/lib/pdf/seal-pdf";

/**
 * Turns a sealed PDF (PAdES-B-T) into PAdES-B-LTA (ETSI EN 319 142-1 §5.4 and the baseline levels of clause 6): a second
 * incremental update adds the document security store with every certificate of the seal's and
 * the TSA's chains and revocation answers made by the authorities we hold (B-LT), and a third
 * adds a document time-stamp over everything before it (B-LTA). Each is a pure incremental
 * update, so the seal and any earlier signature keep their bytes. No settings or I/O: the seal's
 * CMS, the authorities and the TSA client come in (the seal job and the bench call it).
 */
export async function extendToLongTerm(
  /** The document the seal was made from and the sealed bytes it became (not parsed again). */
  doc: IncrementalPdf,
  sealed: Uint8Array,
  input: {
    /** The seal's CMS (its certificates and its signature time-stamp token carry the chains). */
    cms: Uint8Array;
    /** Certificates the CMS may leave out: the seal's and TSA's chains as configured. */
    certificates: Uint8Array[];
    /** Authorities whose keys we hold: they answer revocation for what they issued. */
    authorities: Authority[];
    stamp: (imprint: Uint8Array) => Promise<Uint8Array>;
  },
): Promise<Uint8Array> {
  const token = signatureTimestampIn(input.cms);
  const certificates = [...certificatesIn(input.cms), ...(token ? certificatesIn(token) : []), ...input.certificates];
  // Dated after the seal's time-stamp: validators (EN 319 102-1 revocation freshness) prefer
  // revocation data issued after the time the signature is proven to exist.
  const data = await collectValidationData(certificates, input.authorities, new Date());
  const withStore = await addDocumentSecurityStore(continueIncrementalUpdate(doc, sealed), data, lastSignatureContents(sealed));
  return addDocumentTimestamp(continueIncrementalUpdate(doc, withStore), input.stamp, new Date());
}
