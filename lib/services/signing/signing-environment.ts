import { ensureLocalPki, loadPlatformIdentity, readPlatformKeyFile, readTrustBundle, readTrustedResponders, type PlatformIdentity, type PlatformKey } from "@/lib/adapters/pki/local-pki";
import { liveRevocationChecker, sandboxRevocationChecker, type RevocationChecker } from "@/lib/adapters/ocsp/revocation";
import { builtInTimestampClient, remoteTimestampClient, timestampRoots, type TimestampClient } from "@/lib/adapters/tsa/timestamp-client";
import type { SignatureType } from "@/lib/db/schema";
import { env } from "@/lib/env";

export type SigningEnvironment = {
  platform: PlatformIdentity;
  /** What is trusted for a signature type; RUBRICA trusts the platform's own identity CA only. */
  trust: (type: SignatureType) => ReturnType<typeof readTrustBundle>;
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
  const dirs = [settings.KEYS_DIR, settings.SANDBOX_CA_DIR, settings.TRUSTED_CA_DIR, settings.OCSP_MODE, JSON.stringify(settings.OCSP_RESPONDERS), settings.SEAL_P12_PATH, settings.SEAL_P12_PASSWORD, settings.TSA_P12_PATH, settings.TSA_P12_PASSWORD, settings.TSA_URL, settings.TSA_ROOTS].join("|");
  if (store[KEY]?.dirs !== dirs) {
    const environment = (async () => {
      await ensureLocalPki({ keysDir: settings.KEYS_DIR, sandboxDir: settings.SANDBOX_CA_DIR, trustDir: settings.TRUSTED_CA_DIR });
      const platform = await loadPlatformIdentity(settings.KEYS_DIR, await configuredPlatformKeys());
      const tsa = { certificateDer: new Uint8Array(platform.tsa.certificate.rawData), privateKey: platform.tsa.privateKey, chainDer: platform.tsa.chain.map((c) => new Uint8Array(c.rawData)) };
      return {
        platform,
        trust: (type: SignatureType) => (type === "RUBRICA" ? [platform.root.certificate, platform.identity.certificate] : readTrustBundle(settings.TRUSTED_CA_DIR, type)),
        revocation:
          settings.OCSP_MODE === "live"
            ? liveRevocationChecker({ timeoutMs: settings.OCSP_TIMEOUT_MS, responders: settings.OCSP_RESPONDERS, trustedResponders: (type) => readTrustedResponders(settings.TRUSTED_CA_DIR, type) })
            : sandboxRevocationChecker(settings.SANDBOX_CA_DIR),
        timestamps: settings.TSA_URL ? remoteTimestampClient(settings.TSA_URL, settings.OCSP_TIMEOUT_MS, timestampRoots(settings.TSA_ROOTS)) : builtInTimestampClient(tsa, "Rúbrica TSA"),
      };
    })();
    store[KEY] = { dirs, environment };
    environment.catch(() => {
      if (store[KEY]?.environment === environment) store[KEY] = undefined;
    });
  }
  return store[KEY]!.environment;
}

/**
 * The seal and TSA keys given in the settings as PKCS#12 (SEAL_P12_PATH, TSA_P12_PATH). The
 * launchers call it at start so a wrong path or password stops them with a clear message.
 */
export async function configuredPlatformKeys(): Promise<{ seal?: PlatformKey; tsa?: PlatformKey }> {
  const settings = env();
  return {
    seal: settings.SEAL_P12_PATH ? await readPlatformKeyFile("SEAL_P12", settings.SEAL_P12_PATH, settings.SEAL_P12_PASSWORD) : undefined,
    tsa: settings.TSA_P12_PATH ? await readPlatformKeyFile("TSA_P12", settings.TSA_P12_PATH, settings.TSA_P12_PASSWORD) : undefined,
  };
}
