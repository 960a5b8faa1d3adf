import { ensureLocalPki, loadPlatformIdentity, readTrustBundle, type PlatformIdentity } from "@/lib/adapters/pki/local-pki";
import { liveRevocationChecker, sandboxRevocationChecker, type RevocationChecker } from "@/lib/adapters/ocsp/revocation";
import { builtInTimestampClient, remoteTimestampClient, type TimestampClient } from "@/lib/adapters/tsa/timestamp-client";
import type { CertificateType } from "@/lib/crypto/test-pki";
import { env } from "@/lib/env";

export type SigningEnvironment = {
  platform: PlatformIdentity;
  trust: (type: CertificateType) => ReturnType<typeof readTrustBundle>;
  revocation: RevocationChecker;
  timestamps: TimestampClient;
};

const KEY = Symbol.for("rubrica.signing-environment");
const store = globalThis as unknown as { [KEY]?: { dirs: string; environment: Promise<SigningEnvironment> } };

/**
 * Keys, trust and outside services for signing, from the settings: made on first use (the local
 * PKI is created when missing) and kept for the process. Trust folders are read per call, so a
 * root added to TRUSTED_CA_DIR is trusted without a restart.
 */
export function signingEnvironment(): Promise<SigningEnvironment> {
  const settings = env();
  const dirs = [settings.KEYS_DIR, settings.SANDBOX_CA_DIR, settings.TRUSTED_CA_DIR].join("|");
  if (store[KEY]?.dirs !== dirs) {
    const environment = (async () => {
      await ensureLocalPki({ keysDir: settings.KEYS_DIR, sandboxDir: settings.SANDBOX_CA_DIR, trustDir: settings.TRUSTED_CA_DIR });
      const platform = await loadPlatformIdentity(settings.KEYS_DIR);
      const tsa = { certificateDer: new Uint8Array(platform.tsa.certificate.rawData), privateKey: platform.tsa.privateKey };
      return {
        platform,
        trust: (type: CertificateType) => readTrustBundle(settings.TRUSTED_CA_DIR, type),
        revocation: settings.OCSP_MODE === "live" ? liveRevocationChecker({ timeoutMs: settings.OCSP_TIMEOUT_MS }) : sandboxRevocationChecker(settings.SANDBOX_CA_DIR),
        timestamps: settings.TSA_URL ? remoteTimestampClient(settings.TSA_URL, settings.OCSP_TIMEOUT_MS) : builtInTimestampClient(tsa, "Rúbrica TSA"),
      };
    })();
    store[KEY] = { dirs, environment };
    environment.catch(() => {
      if (store[KEY]?.environment === environment) store[KEY] = undefined;
    });
  }
  return store[KEY]!.environment;
}
