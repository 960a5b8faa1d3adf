import * as asn1js from "asn1js";
import * as pkijs from "pkijs";

/**
 * The signer's side of a RUBRICA signature, in the browser: a fresh RSA key pair whose private
 * half cannot be exported (WebCrypto keeps it; page scripts can only ask it to sign), and a
 * PKCS#10 request signed with it, which proves to the platform CA that the sender holds the key.
 * Browser-safe; the server reads the request with identity-certificate.ts.
 */
export const SIGNER_KEY_ALGORITHM: RsaHashedKeyGenParams = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256", publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 };

export async function generateSignerKeys(): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey(SIGNER_KEY_ALGORITHM, false, ["sign", "verify"]);
}

/** The common name is informative: the CA writes the verified name, whatever the request says. */
export async function createCertificateRequest(keys: CryptoKeyPair, commonName: string): Promise<Uint8Array> {
  const request = new pkijs.CertificationRequest();
  request.version = 0;
  request.subject.typesAndValues.push(new pkijs.AttributeTypeAndValue({ type: "2.5.4.3", value: new asn1js.Utf8String({ value: commonName }) }));
  await request.subjectPublicKeyInfo.importKey(keys.publicKey);
  await request.sign(keys.privateKey, "SHA-256");
  return new Uint8Array(request.toSchema(true).toBER(false));
}
