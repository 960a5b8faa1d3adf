import "reflect-metadata";
import * as x509 from "@peculiar/x509";

/**
 * Which OCSP responder answers for a certificate. SAT's certificates name none (no Authority
 * Information Access), yet SAT runs one OCSP service for the certificates of all its authorities:
 * - production https://cfdi.sat.gob.mx/edofiel, test (the "AC UAT" / "pruebas" authorities)
 *   https://cfdit.sat.gob.mx/edofiel: the addresses SAT's documented example and its integrators
 *   use (`openssl ocsp -issuer ac2_4096.crt -cert … -url https://cfdit.sat.gob.mx/edofiel
 *   -VAfile OCSP_AC_4096_SHA256.crt -header host cfdit.sat.gob.mx`, quoted in several public
 *   clients; BouncyCastle clients post a SHA-1 CertID as application/ocsp-request);
 * - answers are signed by a separate SAT OCSP certificate (OCSP_AC_4096_SHA256 for the test
 *   authority, ocsp.ac5_sat for AC5), trusted as given (-VAfile), not chained;
 * - access is not open to everyone: SAT restricts the service to registered users
 *   (phpcfdi/credentials, docs/VerificacionCertificadosSAT.md, citing SAT's
 *   "ANEXO-UNICO_Req-de-uso-de-OCSP.pdf"), and its TLS wants ECDHE suites over TLS 1.2.
 * Order: what the operator configured for the issuer (OCSP_RESPONDERS), then the certificate's
 * own AIA, then SAT's service for SAT's authorities.
 */
export const SAT_OCSP = { production: "https://cfdi.sat.gob.mx/edofiel", test: "https://cfdit.sat.gob.mx/edofiel" } as const;

const COMMON_NAME = "2.5.4.3";
const ORGANIZATION = "2.5.4.10";

/** OCSP_RESPONDERS keys: an issuing CA's common name (any case) or the SHA-256 of its certificate (hex). */
export async function responderFor(certificate: x509.X509Certificate, issuer: x509.X509Certificate, configured: Record<string, string>): Promise<string | null> {
  const fingerprint = Buffer.from(await issuer.getThumbprint("SHA-256")).toString("hex");
  const commonName = issuer.subjectName.getField(COMMON_NAME)[0] ?? "";
  const key = Object.keys(configured).find((k) => k.replace(/:/g, "").toLowerCase() === fingerprint || k.trim().toUpperCase() === commonName.trim().toUpperCase());
  if (key) return configured[key]!;
  const aia = certificate.getExtension(x509.AuthorityInfoAccessExtension)?.ocsp.find((n) => n.type === "url")?.value;
  if (aia) return aia;
  const organization = (issuer.subjectName.getField(ORGANIZATION)[0] ?? "").normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  // "Administración" is also written without the accent, and in AC6 as UTF-8 read as Latin-1 ("AdministraciÃ³n").
  if (!/^SERVICIO DE ADMINISTRACI\S{1,3}N TRIBUTARIA$/i.test(organization.trim())) return null;
  return /\bUAT\b|PRUEBAS/i.test(commonName) ? SAT_OCSP.test : SAT_OCSP.production;
}
