/**
 * DER (X.690 §8, §10) written straight from bytes, for the structures a seal signs by the dozen
 * (time-stamp tokens, its CMS, OCSP answers, CRLs). Their certificates and names are the same
 * bytes every time and go in as they are; building them with pkijs re-parsed every certificate
 * and name it embedded and then had asn1js encode every node again, about 2 ms of each time
 * stamp around a 0.25 ms RSA signature. Browser-safe: no Buffer.
 */

/** One element: tag byte, definite length, then the contents. */
export function tlv(tag: number, ...contents: Uint8Array[]): Uint8Array {
  const length = contents.reduce((n, c) => n + c.length, 0);
  const head = [tag, ...lengthBytes(length)];
  const out = new Uint8Array(head.length + length);
  out.set(head, 0);
  let at = head.length;
  for (const c of contents) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

function lengthBytes(length: number): number[] {
  if (length < 0x80) return [length];
  const bytes: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) bytes.unshift(n % 256);
  return [0x80 | bytes.length, ...bytes];
}

export const sequence = (...contents: Uint8Array[]) => tlv(0x30, ...contents);
/** Elements in the order DER gives a SET OF (§11.6: ascending encodings), as verifiers re-encode it. */
export const inDerOrder = (elements: Uint8Array[]) => [...elements].sort(compareBytes);
export const setOf = (...elements: Uint8Array[]) => tlv(0x31, ...inDerOrder(elements));
/** [n] EXPLICIT, or an IMPLICIT constructed type: a context-specific constructed element. */
export const contextConstructed = (n: number, ...contents: Uint8Array[]) => tlv(0xa0 | n, ...contents);
/** [n] IMPLICIT of a primitive type. */
export const contextPrimitive = (n: number, contents: Uint8Array) => tlv(0x80 | n, contents);
export const octetString = (bytes: Uint8Array) => tlv(0x04, bytes);
export const bitString = (bytes: Uint8Array) => tlv(0x03, Uint8Array.of(0), bytes);
export const boolean = (value: boolean) => tlv(0x01, Uint8Array.of(value ? 0xff : 0));
export const NULL = Uint8Array.of(0x05, 0x00);
export const enumerated = (value: number) => tlv(0x0a, integerContents(BigInt(value)));
export const integer = (value: number | bigint) => tlv(0x02, integerContents(BigInt(value)));

function integerContents(value: bigint): Uint8Array {
  if (value < 0n) {
    // Two's complement in the fewest bytes (X.690 §8.3): real PSCs issue negative serial numbers.
    let length = 1;
    while (value < -(1n << BigInt(8 * length - 1))) length++;
    const twos = ((1n << BigInt(8 * length)) + value).toString(16).padStart(2 * length, "0");
    return Uint8Array.from({ length }, (_, i) => parseInt(twos.slice(2 * i, 2 * i + 2), 16));
  }
  const hex = value.toString(16);
  const bytes = new Uint8Array(Math.ceil(hex.length / 2));
  for (let i = 0, h = hex.padStart(bytes.length * 2, "0"); i < bytes.length; i++) bytes[i] = parseInt(h.slice(2 * i, 2 * i + 2), 16);
  return unsignedContents(bytes);
}

/** Minimal two's-complement contents of a non-negative number: no leading zeros, but a 00 before a high bit. */
function unsignedContents(bytes: Uint8Array): Uint8Array {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const trimmed = bytes.subarray(start);
  if (trimmed.length === 0) return Uint8Array.of(0);
  return trimmed[0]! & 0x80 ? Uint8Array.of(0, ...trimmed) : trimmed;
}

const oids = new Map<string, Uint8Array>();
/** OBJECT IDENTIFIER from its dotted form; the few we use are encoded once. */
export function objectIdentifier(dotted: string): Uint8Array {
  let encoded = oids.get(dotted);
  if (!encoded) {
    const [first, second, ...rest] = dotted.split(".").map(Number);
    const bytes: number[] = [];
    for (const arc of [first! * 40 + second!, ...rest]) {
      const digits = [arc & 0x7f];
      for (let n = Math.floor(arc / 128); n > 0; n = Math.floor(n / 128)) digits.unshift(0x80 | (n & 0x7f));
      bytes.push(...digits);
    }
    oids.set(dotted, (encoded = tlv(0x06, Uint8Array.from(bytes))));
  }
  return encoded;
}

const two = (n: number) => String(n).padStart(2, "0");
const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

/** UTCTime (RFC 5280 §4.1.2.5.1: YYMMDDHHMMSSZ), for dates from 1950 to 2049. */
export function utcTime(date: Date): Uint8Array {
  const d = date;
  return tlv(0x17, ascii(`${two(d.getUTCFullYear() % 100)}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}Z`));
}

/** GeneralizedTime in UTC, with the milliseconds when there are any and no trailing zeros (X.690 §11.7). */
export function generalizedTime(date: Date): Uint8Array {
  const d = date;
  const ms = d.getUTCMilliseconds();
  const fraction = ms ? `.${String(ms).padStart(3, "0").replace(/0+$/, "")}` : "";
  return tlv(0x18, ascii(`${d.getUTCFullYear()}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}${fraction}Z`));
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}
