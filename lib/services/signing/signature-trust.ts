import type { TrustedType } from "@/lib/pdf/pdf-signature-report";
import { readTrustBundle } from "@/lib/adapters/pki/local-pki";
import { env } from "@/lib/env";
import { timestampRoots } from "@/lib/adapters/tsa/timestamp-client";
import { signingEnvironment } from "./signing-environment";

/**
 * The roots a signature found in a PDF is judged against, per type: the national authorities
 * configured in TRUSTED_CA_DIR (EFIRMA, FIREL, TEPJF: SAT's production and test roots when put
 * there), the platform's own root (its seal, its TSA and its RUBRICA identity certificates), and
 * the NOM-151 roots external time stamps chain to (TSA_ROOTS). `national: false` leaves out the
 * national authorities, whose folders a constancia's check has no use for.
 */
export async function signatureTrust({ national = true } = {}): Promise<TrustedType[]> {
  const settings = env();
  const { platform } = await signingEnvironment();
  return [
    ...(national ? (["EFIRMA", "FIREL", "TEPJF"] as const) : []).map((type) => ({ type, roots: readTrustBundle(settings.TRUSTED_CA_DIR, type) })),
    // The root and the authorities under it (their certificates sit in the sealed file's DSS,
    // not in the time stamp, which carries only the TSA's).
    { type: "PLATFORM", roots: [platform.root.certificate, platform.issuing.certificate, ...platform.tsa.chain, ...platform.seal.chain] },
    { type: "NOM151", roots: timestampRoots(settings.TSA_ROOTS) },
  ];
}
