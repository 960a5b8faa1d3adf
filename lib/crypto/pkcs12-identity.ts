import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import forge from "node-forge";
import { SIGNATURE_ALGORITHM } from "./test-pki";

/**
 * A signing identity from a PKCS#12 (.p12/.pfx) file, as a production seal or TSA certificate is
 * usually delivered: the key, its certificate and the certificates above it (issuer first).
 * Reads what `openssl pkcs12 -export` writes (PBES2/AES and the legacy 3DES/RC2 schemes). RSA
 * keys only: the seal and the built-in TSA sign with RSASSA-PKCS1-v1_5 and SHA-256.
 */
export type Pkcs12Identity = {
  certificate: x509.X509Certificate;
  privateKey: CryptoKey;
  keys: CryptoKeyPair;
  chain: x509.X509Certificate[];
};

export class Pkcs12Error extends Error {
  constructor(message: string) {
    super(message);
    this.name = "Pkcs12Error";
  }
}

export async function readPkcs12Identity(der: Uint8Array, password: string): Promise<Pkcs12Identity> {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(der).toString("binary")));
  } catch {
    throw new Pkcs12Error("the file is not a PKCS#12 (.p12/.pfx) file");
  }
  const wrongPassword = /MAC could not be verified|wrong password/i;
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (err) {
    const failure = messageOf(err);
    // The MAC (keyed with the password as BMPString) matched, but PBES2 (what openssl 3 writes)
    // derives its keys from the password's UTF-8 bytes, which forge wants as a binary string: a
    // password with ñ needs that second reading. The MAC is checked already, so leave it out.
    const utf8 = forge.util.encodeUtf8(password);
    if (/MAC could not be verified/i.test(failure) || utf8 === password) throw new Pkcs12Error(wrongPassword.test(failure) ? "the password does not open it" : `it cannot be read (${failure})`);
    try {
      p12 = forge.pkcs12.pkcs12FromAsn1(withoutMac(asn1), false, utf8);
    } catch (again) {
      throw new Pkcs12Error(wrongPassword.test(messageOf(again)) ? "the password does not open it" : `it cannot be read (${messageOf(again)})`);
    }
  }

  const keyBags = [...bagsOf(p12, forge.pki.oids.pkcs8ShroudedKeyBag!), ...bagsOf(p12, forge.pki.oids.keyBag!)];
  if (keyBags.length !== 1) throw new Pkcs12Error(`it holds ${keyBags.length} private keys; exactly one is needed`);
  const keyBag = keyBags[0]!;
  const keyInfo = keyBag.key ? forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(keyBag.key)) : (keyBag as { asn1?: forge.asn1.Asn1 }).asn1;
  if (!keyInfo) throw new Pkcs12Error("its private key cannot be read");
  let privateKey: CryptoKey;
  try {
    privateKey = await crypto.subtle.importKey("pkcs8", bytesOf(forge.asn1.toDer(keyInfo).getBytes()), SIGNATURE_ALGORITHM, true, ["sign"]);
  } catch {
    throw new Pkcs12Error("its private key is not an RSA key");
  }

  const certificates = bagsOf(p12, forge.pki.oids.certBag!).map((bag) => {
    const node = bag.cert ? forge.pki.certificateToAsn1(bag.cert) : (bag as { asn1?: forge.asn1.Asn1 }).asn1!;
    return new x509.X509Certificate(bytesOf(forge.asn1.toDer(node).getBytes()));
  });
  // The certificate is the one whose public key verifies what the private key signs.
  const probe = new TextEncoder().encode("rubrica-pkcs12-probe");
  const signature = await crypto.subtle.sign(SIGNATURE_ALGORITHM, privateKey, probe);
  let leaf: { certificate: x509.X509Certificate; publicKey: CryptoKey } | undefined;
  for (const certificate of certificates) {
    const publicKey = await certificate.publicKey.export(SIGNATURE_ALGORITHM, ["verify"]).catch(() => null);
    if (publicKey && (await crypto.subtle.verify(SIGNATURE_ALGORITHM, publicKey, signature, probe))) {
      leaf = { certificate, publicKey };
      break;
    }
  }
  if (!leaf) throw new Pkcs12Error("it holds no certificate of its private key");

  // Up the chain by issuer name, as far as the file's certificates go.
  const chain: x509.X509Certificate[] = [];
  const leafCertificate = leaf.certificate;
  let current = leafCertificate;
  while (current.issuer !== current.subject) {
    const issuerName = current.issuer;
    const issuer = certificates.find((c) => c.subject === issuerName && c !== leafCertificate && !chain.includes(c));
    if (!issuer) break;
    chain.push(issuer);
    current = issuer;
  }
  return { certificate: leaf.certificate, privateKey, keys: { privateKey, publicKey: leaf.publicKey }, chain };
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** PFX ::= SEQUENCE { version, authSafe, macData OPTIONAL } */
function withoutMac(pfx: forge.asn1.Asn1): forge.asn1.Asn1 {
  return { ...pfx, value: (pfx.value as forge.asn1.Asn1[]).slice(0, 2) };
}

function bagsOf(p12: forge.pkcs12.Pkcs12Pfx, bagType: string): forge.pkcs12.Bag[] {
  return p12.getBags({ bagType })[bagType] ?? [];
}

function bytesOf(binary: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
