/**
 * The limits an XML record presented for verification must keep before anything builds a DOM of
 * it (issue 63): a 7 MB file nested 2.5 million elements deep took xmldom and xml-crypto 12.8 s,
 * and a 17.5 MB one held the whole server 43 s. A signing record is a few KB per signer (50
 * signers, their certificates and the seal's chain stay far under 4 MB) and nests 5 deep.
 */
export const XML_RECORD_LIMITS = { maxBytes: 4 * 1024 * 1024, maxDepth: 64 };

export type XmlShapeProblem = "too-large" | "too-deep";

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const COMMENT = Buffer.from("<!--");
const CDATA = Buffer.from("<![CDATA[");

const startsAt = (text: Buffer, at: number, prefix: Buffer) => text.length - at >= prefix.length && text.compare(prefix, 0, prefix.length, at, at + prefix.length) === 0;

/**
 * One pass over the bytes, counting open elements, without building anything: comments, CDATA,
 * processing instructions and declarations are skipped whole, and a quoted attribute value may
 * hold ">" or "/". Malformed text is left to the parser, which refuses it; this only bounds work.
 */
export function xmlShapeProblem(bytes: Uint8Array, limits = XML_RECORD_LIMITS): XmlShapeProblem | null {
  if (bytes.byteLength > limits.maxBytes) return "too-large";
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let depth = 0;
  let at = text.indexOf(LT);
  while (at !== -1) {
    const next = text[at + 1];
    let end: number;
    if (next === 0x21 /* ! */ || next === 0x3f /* ? */) {
      const closer = startsAt(text, at, COMMENT) ? "-->" : startsAt(text, at, CDATA) ? "]]>" : next === 0x3f ? "?>" : ">";
      end = text.indexOf(closer, at + 2);
      if (end === -1) return null;
      end += closer.length - 1;
    } else {
      end = tagEnd(text, at + 1);
      if (end === -1) return null;
      if (next === SLASH) depth = Math.max(0, depth - 1);
      else if (text[end - 1] !== SLASH && ++depth > limits.maxDepth) return "too-deep";
    }
    at = text.indexOf(LT, end + 1);
  }
  return null;
}

/** The index of the ">" closing a tag that starts at `from`, skipping quoted attribute values. */
function tagEnd(text: Buffer, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === GT) return i;
    if (c === QUOTE || c === APOSTROPHE) {
      i = text.indexOf(c, i + 1);
      if (i === -1) return -1;
    }
  }
  return -1;
}
