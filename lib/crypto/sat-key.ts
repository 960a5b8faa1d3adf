import forge from "node-forge";

/**
 * Opens a SAT-style `.key`: PKCS#8 EncryptedPrivateKeyInfo in DER, PBES2 (3DES or AES) or the
 * legacy pbeWithSHAAnd3-KeyTripleDES-CBC. Runs in the browser (WebCrypto has no 3DES, so
 * node-forge decrypts) and in Node. Returns the plain PKCS#8 DER for crypto.subtle.importKey.
 */
export class WrongKeyPasswordError extends Error {
  constructor() {
    super("The password does not open this .key file.");
    this.name = "WrongKeyPasswordError";
  }
}

export class NotAKeyFileError extends Error {
  constructor() {
    super("This file is not a private key (.key) in the format SAT issues.");
    this.name = "NotAKeyFileError";
  }
}

export function decryptSatKey(der: Uint8Array, password: string): Uint8Array {
  let encrypted: forge.asn1.Asn1;
  try {
    encrypted = forge.asn1.fromDer(forge.util.createBuffer(binaryString(der)));
  } catch {
    throw new NotAKeyFileError();
  }
  // PBES2 derives the key from the password's UTF-8 bytes (forge wants them as a binary
  // string); the legacy PKCS#12 scheme takes the text itself. A password with ñ needs the right one.
  let info: forge.asn1.Asn1 | null = null;
  for (const candidate of [forge.util.encodeUtf8(password), password]) {
    try {
      info = forge.pki.decryptPrivateKeyInfo(encrypted, candidate);
    } catch {
      info = null;
    }
    if (info) break;
  }
  if (!info) throw new WrongKeyPasswordError();
  const bytes = forge.asn1.toDer(info).getBytes();
  return Uint8Array.from(bytes, (c) => c.charCodeAt(0));
}

function binaryString(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return s;
}
