import "reflect-metadata";
import * as x509 from "@peculiar/x509";

/**
 * Whether a signer's certificate can be trusted at signing time: it chains, through CA
 * certificates of the trust bundle, to a self-signed root of that bundle; every certificate in
 * the chain is within its validity at that time and correctly signed by the next; CAs are CAs;
 * and the signer's key may sign (digitalSignature or nonRepudiation). Revocation is checked
 * separately (OCSP). Pure: the bundle is passed in.
 */
export type TrustCheck =
  | { ok: true; chain: x509.X509Certificate[] }
  | { ok: false; reason: "untrusted" | "expired" | "not-yet-valid" | "key-usage" | "not-a-ca" | "bad-chain-signature"; detail: string };

export async function checkCertificateTrust(leafDer: Uint8Array, bundle: x509.X509Certificate[], at: Date): Promise<TrustCheck> {
  const leaf = new x509.X509Certificate(leafDer as BufferSource);
  if (at < leaf.notBefore) return { ok: false, reason: "not-yet-valid", detail: `The certificate is valid from ${leaf.notBefore.toISOString()}.` };
  if (at > leaf.notAfter) return { ok: false, reason: "expired", detail: `The certificate expired on ${leaf.notAfter.toISOString()}.` };
  const usage = leaf.getExtension(x509.KeyUsagesExtension);
  if (usage && !(usage.usages & (x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation))) {
    return { ok: false, reason: "key-usage", detail: "The certificate is not for signing (key usage)." };
  }

  const chain = await new x509.X509ChainBuilder({ certificates: bundle }).build(leaf);
  const root = chain.at(-1)!;
  const anchored = chain.length > 1 && (await root.isSelfSigned()) && bundle.some((c) => c.equal(root));
  if (!anchored) return { ok: false, reason: "untrusted", detail: "The certificate does not chain to a trusted authority of this type." };
  for (let i = 0; i < chain.length; i++) {
    const cert = chain[i]!;
    const issuer = chain[i + 1] ?? cert;
    if (!(await cert.verify({ publicKey: issuer.publicKey, signatureOnly: true }))) return { ok: false, reason: "bad-chain-signature", detail: `${cert.subject} is not signed by ${issuer.subject}.` };
    if (i > 0) {
      if (!cert.getExtension(x509.BasicConstraintsExtension)?.ca) return { ok: false, reason: "not-a-ca", detail: `${cert.subject} is not a certificate authority.` };
      if (at < cert.notBefore || at > cert.notAfter) return { ok: false, reason: "expired", detail: `The authority ${cert.subject} was not valid at signing time.` };
    }
  }
  return { ok: true, chain: [...chain] };
}

/** PEM text with any number of certificates → certificates. */
export function parsePemBundle(pem: string): x509.X509Certificate[] {
  return (pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []).map((block) => new x509.X509Certificate(block));
}
