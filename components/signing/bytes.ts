/** Byte conversions for the signing page's browser code (no Buffer there). */

export function hexBytes(hex: string): Uint8Array {
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

export function base64(bytes: Uint8Array): string {
  let s = "";
  // In chunks: String.fromCharCode(...all) overflows the stack on large inputs.
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}
