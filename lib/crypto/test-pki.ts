import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import { OID, serialForCertificateNumber } from "./certificate-identity";

/**
 * Sandbox certificate authorities shaped like the real ones (SAT e.firma, FIREL, TEPJF): a root,
 * an issuing CA, and signer certificates carrying RFC and CURP in the subject, a 20-digit ASCII
 * serial, digital-signature + non-repudiation key usage and an OCSP URL. Used for development
 * and tests; production trusts the real roots instead. Pure: keys and certificates in memory.
 */

export const SIGNATURE_ALGORITHM: RsaHashedKeyGenParams = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256", publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 };

export type CertificateType = "EFIRMA" | "FIREL" | "TEPJF";

const ISSUERS: Record<CertificateType, { org: string; unit: string; root: string; issuing: string }> = {
  EFIRMA: { org: "Servicio de Administracion Tributaria", unit: "SAT-IES Authority", root: "AC RAIZ DE PRUEBAS SAT", issuing: "AC DEL SERVICIO DE ADMINISTRACION TRIBUTARIA (PRUEBAS)" },
  FIREL: { org: "Poder Judicial de la Federacion", unit: "Consejo de la Judicatura Federal", root: "AC RAIZ DE PRUEBAS FIREL", issuing: "AC FIREL DEL PODER JUDICIAL (PRUEBAS)" },
  TEPJF: { org: "Tribunal Electoral del Poder Judicial de la Federacion", unit: "Firma Electronica", root: "AC RAIZ DE PRUEBAS TEPJF", issuing: "AC DEL TRIBUNAL ELECTORAL (PRUEBAS)" },
};

export type Authority = { certificate: x509.X509Certificate; keys: CryptoKeyPair };
export type Hierarchy = { type: CertificateType | "PLATFORM"; root: Authority; issuing: Authority };

const YEAR = 365 * 24 * 3600 * 1000;

async function generateKeys(): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey(SIGNATURE_ALGORITHM, true, ["sign", "verify"]) as Promise<CryptoKeyPair>;
}

function randomSerial(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[0]! &= 0x7f; // positive INTEGER
  return Buffer.from(bytes).toString("hex");
}

/** The platform's own names: its root, the document seal and the built-in TSA hang from it. */
export const PLATFORM_NAMES = { org: "Rubrica", unit: "Plataforma", root: "RUBRICA RAIZ", issuing: "RUBRICA AC DE SELLOS" };

/** The platform's CA for RUBRICA signatures: short-lived certificates after an identity verification. */
export const IDENTITY_CA_SUBJECT = "CN=RUBRICA AC DE IDENTIDAD VERIFICADA, O=Rubrica, OU=Plataforma, C=MX";

export async function createHierarchy(type: CertificateType | "PLATFORM", now = new Date()): Promise<Hierarchy> {
  const names = type === "PLATFORM" ? PLATFORM_NAMES : ISSUERS[type];
  const rootKeys = await generateKeys();
  const rootName = `CN=${names.root}, O=${names.org}, OU=${names.unit}, C=MX`;
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerial(),
    name: rootName,
    notBefore: new Date(now.getTime() - 24 * 3600 * 1000),
    notAfter: new Date(now.getTime() + 20 * YEAR),
    signingAlgorithm: SIGNATURE_ALGORITHM,
    keys: rootKeys,
    extensions: [
      new x509.BasicConstraintsExtension(true, 1, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(rootKeys.publicKey),
    ],
  });
  const rootAuthority = { certificate: root, keys: rootKeys };
  const issuing = await issueIssuingAuthority(rootAuthority, `CN=${names.issuing}, O=${names.org}, OU=${names.unit}, C=MX`, now);
  return { type, root: rootAuthority, issuing };
}

/** An issuing CA (path length 0) under a root: what signs end-entity certificates. */
export async function issueIssuingAuthority(root: Authority, subject: string, now = new Date()): Promise<Authority> {
  const issuingKeys = await generateKeys();
  const issuing = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject,
    issuer: root.certificate.subject,
    notBefore: new Date(now.getTime() - 24 * 3600 * 1000),
    notAfter: new Date(now.getTime() + 10 * YEAR),
    signingAlgorithm: SIGNATURE_ALGORITHM,
    publicKey: issuingKeys.publicKey,
    signingKey: root.keys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(issuingKeys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(root.certificate, false),
    ],
  });
  return { certificate: issuing, keys: issuingKeys };
}

export type SignerSpec = {
  name: string;
  rfc: string;
  curp: string;
  email?: string;
  certificateNumber: string;
  ocspUrl?: string;
  notBefore?: Date;
  notAfter?: Date;
  /** Test-only: a certificate without digitalSignature, to prove the check. */
  keyUsage?: number;
};

/** A signer certificate as SAT issues them. Names with Ñ and accents are UTF-8 in the subject. */
export async function issueSignerCertificate(hierarchy: Hierarchy, spec: SignerSpec, now = new Date()): Promise<{ certificate: x509.X509Certificate; keys: CryptoKeyPair }> {
  const keys = await generateKeys();
  const subject: x509.JsonNameParams = [
    { [OID.commonName]: [{ utf8String: spec.name }] },
    { "2.5.4.41": [{ utf8String: spec.name }] },
    { [OID.organization]: [{ utf8String: spec.name }] },
    { "2.5.4.6": [{ printableString: "MX" }] },
    ...(spec.email ? [{ [OID.email]: [{ ia5String: spec.email }] }] : []),
    { [OID.rfc]: [{ printableString: `${spec.rfc} / ` }] },
    { [OID.curp]: [{ printableString: `${spec.curp} / ` }] },
  ] as unknown as x509.JsonNameParams;
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: serialForCertificateNumber(spec.certificateNumber),
    subject: new x509.Name(subject),
    issuer: hierarchy.issuing.certificate.subject,
    notBefore: spec.notBefore ?? new Date(now.getTime() - 3600 * 1000),
    notAfter: spec.notAfter ?? new Date(now.getTime() + 4 * YEAR),
    signingAlgorithm: SIGNATURE_ALGORITHM,
    publicKey: keys.publicKey,
    signingKey: hierarchy.issuing.keys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(spec.keyUsage ?? x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation | x509.KeyUsageFlags.dataEncipherment | x509.KeyUsageFlags.keyAgreement, true),
      new x509.ExtendedKeyUsageExtension(["1.3.6.1.5.5.7.3.4", "1.3.6.1.5.5.7.3.2"]),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(hierarchy.issuing.certificate, false),
      ...(spec.ocspUrl ? [new x509.AuthorityInfoAccessExtension({ ocsp: [new x509.GeneralName("url", spec.ocspUrl)] })] : []),
    ],
  });
  return { certificate, keys };
}

/**
 * A time-stamping authority certificate under a hierarchy's issuing CA (or a platform root):
 * critical extended key usage timeStamping only, as RFC 3161 requires.
 */
export function issueTsaCertificate(issuer: Authority, commonName: string, now = new Date()) {
  return issueServiceCertificate(issuer, commonName, "1.3.6.1.5.5.7.3.8", now);
}

/** An OCSP responder's certificate (extended key usage OCSPSigning, RFC 6960 §4.2.2.2). */
export function issueOcspResponderCertificate(issuer: Authority, commonName: string, now = new Date()) {
  return issueServiceCertificate(issuer, commonName, "1.3.6.1.5.5.7.3.9", now);
}

async function issueServiceCertificate(issuer: Authority, commonName: string, purpose: string, now: Date): Promise<{ certificate: x509.X509Certificate; keys: CryptoKeyPair }> {
  const keys = await generateKeys();
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject: `CN=${commonName}, O=Rubrica, C=MX`,
    issuer: issuer.certificate.subject,
    notBefore: new Date(now.getTime() - 3600 * 1000),
    notAfter: new Date(now.getTime() + 10 * YEAR),
    signingAlgorithm: SIGNATURE_ALGORITHM,
    publicKey: keys.publicKey,
    signingKey: issuer.keys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation, true),
      new x509.ExtendedKeyUsageExtension([purpose], true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(issuer.certificate, false),
    ],
  });
  return { certificate, keys };
}

/**
 * A test PSC shaped like the accredited ones that issue NOM-151 constancias (shared/realworld/
 * nom151: Advantage Security's PSC under the Secretaría de Economía's root ACR2-SE): a root, and
 * directly under it the PSC's certificate with digital-signature and non-repudiation key usage and
 * **no extended key usage at all** (no timeStamping), as the real one.
 */
export async function createTestPsc(rootName: string, pscName: string, now = new Date()): Promise<{ root: Authority; psc: Authority }> {
  const rootKeys = await generateKeys();
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerial(),
    name: `CN=${rootName}, O=Secretaria de Economia (pruebas), C=MX`,
    notBefore: new Date(now.getTime() - 2 * YEAR),
    notAfter: new Date(now.getTime() + 15 * YEAR),
    signingAlgorithm: SIGNATURE_ALGORITHM,
    keys: rootKeys,
    extensions: [new x509.BasicConstraintsExtension(true, undefined, true), new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true), await x509.SubjectKeyIdentifierExtension.create(rootKeys.publicKey)],
  });
  const keys = await generateKeys();
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject: `CN=${pscName}, O=PSC de pruebas, C=MX`,
    issuer: root.subject,
    notBefore: new Date(now.getTime() - YEAR),
    notAfter: new Date(now.getTime() + 10 * YEAR),
    signingAlgorithm: SIGNATURE_ALGORITHM,
    publicKey: keys.publicKey,
    signingKey: rootKeys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation | x509.KeyUsageFlags.keyEncipherment | x509.KeyUsageFlags.keyAgreement, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(root, false),
    ],
  });
  return { root: { certificate: root, keys: rootKeys }, psc: { certificate, keys } };
}
