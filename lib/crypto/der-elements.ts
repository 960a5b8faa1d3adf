/**
 * Where the elements of a DER (or BER) encoding lie (X.690 §8.1): each element's tag and the
 * byte offsets of its contents, nothing decoded. For taking a few fields out of a CMS, where
 * asn1js builds an object tree of every node of every certificate in it (about 2.5 ms for a
 * 4 KB signature, against microseconds here). Browser-safe: no Buffer.
 */
export type DerElement = {
  /** 0 universal, 1 application, 2 context-specific, 3 private. */
  tagClass: number;
  constructed: boolean;
  tagNumber: number;
  /** The element's first byte (its tag) and the byte after it. */
  start: number;
  end: number;
  /** Its contents: from the byte after the length to the end-of-contents marker or `end`. */
  contentsStart: number;
  contentsEnd: number;
};

/** The element whose tag is at `start`; throws if the bytes end before it does. */
export function readElement(bytes: Uint8Array, start: number): DerElement {
  let at = start;
  const next = () => {
    if (at >= bytes.length) throw new Error("The DER ends inside an element.");
    return bytes[at++]!;
  };
  const first = next();
  const tagClass = first >> 6;
  const constructed = (first & 0x20) !== 0;
  let tagNumber = first & 0x1f;
  if (tagNumber === 0x1f) {
    // High tag number: base-128 digits, the last without its top bit.
    tagNumber = 0;
    let digit: number;
    do {
      digit = next();
      tagNumber = tagNumber * 128 + (digit & 0x7f);
    } while (digit & 0x80);
  }
  const lengthByte = next();
  if (lengthByte === 0x80) {
    // BER's indefinite length (a TSA may answer in BER): the children, then 00 00.
    if (!constructed) throw new Error("A primitive DER element has an indefinite length.");
    const contentsStart = at;
    while (bytes[at] !== 0 || bytes[at + 1] !== 0) at = readElement(bytes, at).end;
    return { tagClass, constructed, tagNumber, start, end: at + 2, contentsStart, contentsEnd: at };
  }
  let length = lengthByte;
  if (lengthByte & 0x80) {
    length = 0;
    for (let n = lengthByte & 0x7f; n > 0; n--) length = length * 256 + next();
  }
  const contentsStart = at;
  const end = contentsStart + length;
  if (end > bytes.length) throw new Error("The DER ends inside an element.");
  return { tagClass, constructed, tagNumber, start, end, contentsStart, contentsEnd: end };
}

/** The elements inside a constructed one, in order. */
export function childrenOf(bytes: Uint8Array, parent: DerElement): DerElement[] {
  const children: DerElement[] = [];
  for (let at = parent.contentsStart; at < parent.contentsEnd; ) {
    const child = readElement(bytes, at);
    children.push(child);
    at = child.end;
  }
  return children;
}
