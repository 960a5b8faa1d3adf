import { DOMParser } from "@xmldom/xmldom";
import { SIGNING_RECORD_NAMESPACE } from "./signing-record";

/**
 * The facts of a signing record read back as plain values, so a record someone presents can be
 * compared field by field with the record the document would give now. Missing elements are null:
 * a record that leaves things out does not match one that has them.
 */
export type RecordSigner = {
  id: string | null;
  order: string | null;
  status: string | null;
  name: string | null;
  rfc: string | null;
  curp: string | null;
  representative: string | null;
  certificate: string | null;
  signature: string | null;
  signedAt: string | null;
  rejectedReason: string | null;
};

export type RecordFacts = {
  documentId: string | null;
  status: string | null;
  sealed: boolean;
  fileName: string | null;
  originalHash: string | null;
  pages: string | null;
  ownerName: string | null;
  createdAt: string | null;
  signedAt: string | null;
  signers: RecordSigner[];
  conservancy: string | null;
};

/** A well-formed XML document without a DTD (nothing of ours has one; entity tricks start there), else null. */
export function parseXml(xml: string): Document | null {
  if (/<!DOCTYPE/i.test(xml)) return null;
  let malformed = false;
  const doc = new DOMParser({ errorHandler: { error: () => void (malformed = true), fatalError: () => void (malformed = true) } }).parseFromString(xml, "text/xml");
  return malformed || !doc.documentElement ? null : (doc as unknown as Document);
}

export function readSigningRecord(xml: string): RecordFacts | null {
  const root = parseXml(xml)?.documentElement;
  if (!root || root.namespaceURI !== SIGNING_RECORD_NAMESPACE || root.localName !== "electronicDocument") return null;
  const children = (parent: Element, name: string) => Array.from(parent.childNodes).filter((n): n is Element => n.nodeType === 1 && (n as Element).namespaceURI === SIGNING_RECORD_NAMESPACE && (n as Element).localName === name);
  const child = (parent: Element, name: string) => {
    const found = children(parent, name);
    return found.length === 1 ? found[0]! : null;
  };
  const text = (parent: Element, name: string) => child(parent, name)?.textContent ?? null;
  const attribute = (element: Element | null, name: string) => (element?.hasAttribute(name) ? element.getAttribute(name) : null);
  const signersElement = child(root, "signers");
  const certificateOf = (certificate: Element | null) => (certificate ? `${attribute(certificate, "number")}|${attribute(certificate, "issuer")}|${certificate.textContent}` : null);
  const representative = (element: Element | null) => (element ? `${attribute(element, "rfc")}|${attribute(element, "curp")}` : null);
  const conservancy = child(root, "conservancyRecord");
  return {
    documentId: attribute(root, "id"),
    status: attribute(root, "status"),
    sealed: attribute(root, "signed") === "true",
    fileName: text(root, "fileName"),
    originalHash: text(root, "originalHash"),
    pages: text(root, "pages"),
    ownerName: attribute(child(root, "owner"), "name"),
    createdAt: text(root, "createdAt"),
    signedAt: text(root, "signedAt"),
    signers: signersElement
      ? children(signersElement, "signer").map((s) => ({
          id: attribute(s, "id"),
          order: attribute(s, "order"),
          status: attribute(s, "status"),
          name: text(s, "name"),
          rfc: text(s, "rfc"),
          curp: text(s, "curp"),
          representative: representative(child(s, "representative")),
          certificate: certificateOf(child(s, "certificate")),
          signature: text(s, "signature"),
          signedAt: text(s, "signedAt"),
          rejectedReason: text(s, "rejectedReason"),
        }))
      : [],
    conservancy: conservancy ? `${attribute(conservancy, "authority")}|${attribute(conservancy, "timestamp")}|${conservancy.textContent}` : null,
  };
}
