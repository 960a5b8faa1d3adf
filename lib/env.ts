import path from "node:path";
import { z } from "zod";

// Every setting of Rúbrica, parsed once. Nothing else reads process.env (eslint enforces it).
// Parsing is lazy because the launcher (server.ts, the CLI, the worker) fills DATABASE_URL and
// AUTH_SECRET at start, after an embedded PostgreSQL is up and DATA_DIR's secrets are read.

const bool = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? fallback : v === "true" || v === "1"));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOSTNAME: z.string().default("0.0.0.0"),
  /** Public origin used in links (e-mails, verification URLs). Defaults to http://localhost:PORT. */
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().default("./.data"),
  /** External PostgreSQL. When absent an embedded cluster in DATA_DIR/postgres is used. */
  DATABASE_URL: z.string().optional(),
  AUTH_SECRET: z.string().min(16).optional(),
  /** Run pg-boss workers inside the web process (npm start). `npm run worker` runs them alone. */
  RUN_WORKER: bool(true),
  /** Create the demo user, folder and API key on first start. Off by default with DATABASE_URL. */
  SEED_DEMO: z.enum(["true", "false", "1", "0", ""]).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Rúbrica <no-reply@rubrica.local>"),
  /** WhatsApp Cloud API: base URL, phone number id and token. Without a token, messages go to the outbox. */
  WHATSAPP_API_URL: z.url().default("https://graph.facebook.com/v21.0"),
  WHATSAPP_PHONE_NUMBER_ID: z.string().optional(),
  WHATSAPP_TOKEN: z.string().optional(),
  /**
   * A reverse proxy is in front and every request comes through it: take the client's address
   * from its X-Forwarded-For / X-Real-IP. Off: the TCP peer, since those headers can be forged.
   */
  TRUST_PROXY: bool(false),
  WEBHOOK_ALLOW_PRIVATE: bool(false),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /**
   * Sign-in attempts per client address per 15 minutes, sign-ups per address per hour. The e2e
   * suite raises them: it creates a few dozen accounts from 127.0.0.1 in one run.
   */
  SIGN_IN_PER_ADDRESS: z.coerce.number().int().positive().default(30),
  SIGN_UP_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  /**
   * Identity API calls per minute per endpoint and per API key: the budget the identity service's
   * existing clients were written against (30). Benchmarks raise it.
   */
  IDENTITY_API_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /**
   * Result lookups (GET of one receipt or INE validation or one identity session) per minute and
   * API key, counted apart from IDENTITY_API_PER_MINUTE: polling a result is what the reference
   * asks clients to do, and must not spend the budget of creating them.
   */
  IDENTITY_RESULT_READS_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  /** Largest PDF accepted on upload, in MiB. */
  MAX_UPLOAD_MB: z.coerce.number().positive().default(20),
  /** Most pages an uploaded PDF may have (422 above it); counted by MuPDF before anything walks the pages. */
  MAX_PDF_PAGES: z.coerce.number().int().positive().default(2000),
  /** Memory per process for document resources rendered as JSON (lib/http/document-resource-cache.ts); 0 turns it off. */
  DOCUMENT_RESOURCE_CACHE_MB: z.coerce.number().min(0).default(32),
  /** Where uploaded and sealed files live (content-addressed). Defaults to DATA_DIR/files. */
  STORAGE_DIR: z.string().optional(),
  /**
   * An S3-compatible object store instead of STORAGE_DIR, so that instances on several machines
   * share files: s3://bucket/prefix?endpoint=https://…&region=…&forcePathStyle=true
   */
  STORAGE_URL: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (!text?.trim()) return undefined;
      const parsed = parseStorageUrl(text.trim());
      if (typeof parsed === "string") {
        ctx.addIssue({ code: "custom", message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
  /** Credentials of the object store when STORAGE_URL carries none (else the AWS SDK's own chain). */
  AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Time zone of new work folders (reminders go out at remember_at in the folder's zone). */
  DEFAULT_TIME_ZONE: z.string().default("America/Mexico_City"),
  /** Trusted authorities per signature type: <dir>/EFIRMA, FIREL, TEPJF, each with PEM files. */
  TRUSTED_CA_DIR: z.string().optional(),
  /** Platform root, seal and TSA certificates and keys (made on first run when absent). */
  KEYS_DIR: z.string().optional(),
  /** sandbox: revocation answered from the sandbox authorities' lists; live: OCSP to the certificate's responder. */
  OCSP_MODE: z.enum(["sandbox", "live"]).default("sandbox"),
  /**
   * OCSP responder per issuing authority, JSON: {"<CA common name or SHA-256 of its certificate>": "<url>"}.
   * Wins over the certificate's AIA and over SAT's service, the default for SAT's authorities.
   */
  OCSP_RESPONDERS: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (!text?.trim()) return {};
      try {
        return z.record(z.string().min(1), z.url({ protocol: /^https?$/ })).parse(JSON.parse(text));
      } catch {
        ctx.addIssue({ code: "custom", message: 'must be a JSON object of issuing CA → OCSP URL, e.g. {"AC UAT":"https://cfdit.sat.gob.mx/edofiel"}' });
        return z.NEVER;
      }
    }),
  OCSP_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  /** An external RFC 3161 TSA; without it the built-in TSA (KEYS_DIR/tsa) stamps. */
  TSA_URL: z.url().optional(),
  /** PEM file of the roots an external TSA's answers must chain to; default the NOM-151 root ACR2-SE. */
  TSA_ROOTS: z.string().min(1).optional(),
  /** The document seal as PKCS#12 (key, certificate, chain) instead of KEYS_DIR/seal. */
  SEAL_P12_PATH: z.string().min(1).optional(),
  SEAL_P12_PASSWORD: z.string().default(""),
  /** The built-in TSA as PKCS#12 (certificate with critical timeStamping EKU) instead of KEYS_DIR/tsa. */
  TSA_P12_PATH: z.string().min(1).optional(),
  TSA_P12_PASSWORD: z.string().default(""),
  /**
   * Per account and per QUOTA_PERIOD_HOURS (a fixed window from the first use): documents created
   * (one by one, from a template or by a bulk send) and notices sent (e-mail or WhatsApp to
   * signers and spectators: first notices, reminders, re-sent links). An admin may set another
   * number for one account (/dashboard/admin/quotas). Past it: 429 with what is left and when it resets.
   */
  DOCUMENTS_PER_PERIOD: z.coerce.number().int().min(0).default(10_000),
  NOTICES_PER_PERIOD: z.coerce.number().int().min(0).default(30_000),
  QUOTA_PERIOD_HOURS: z.coerce.number().int().min(1).default(24),
  /** Identity transactions (sessions, INE validations) a new user starts with. */
  DEFAULT_TRANSACTIONS: z.coerce.number().int().min(0).default(100),
  /** sandbox: the documented test receipts; live: the utility portal at CFE_PORTAL_URL. */
  CFE_MODE: z.enum(["sandbox", "live"]).default("sandbox"),
  CFE_PORTAL_URL: z.url().optional(),
  CFE_PORTAL_TOKEN: z.string().optional(),
  /** sandbox: the documented test voters; live: the voter-roll service at INE_API_URL. */
  INE_MODE: z.enum(["sandbox", "live"]).default("sandbox"),
  INE_API_URL: z.url().optional(),
  INE_API_TOKEN: z.string().optional(),
  /** sandbox: the documented test people; live: the CURP registry service at RENAPO_API_URL. */
  RENAPO_MODE: z.enum(["sandbox", "live"]).default("sandbox"),
  RENAPO_API_URL: z.url().optional(),
  RENAPO_API_TOKEN: z.string().optional(),
  /** Deadline of one query to an outside registry (portal, voter roll, RENAPO). */
  REGISTRY_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  /** An identity session not finished this long after creation is FAILED (abandoned). */
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).default(72),
  /**
   * Who runs this installation, for the privacy notice (/privacidad): the operator's legal name,
   * address and the e-mail where people exercise their rights. For identity verification the
   * integrator who asks for it is the responsible party and the operator its processor (encargado).
   */
  OPERATOR_NAME: z.string().trim().min(1).default("Rúbrica"),
  OPERATOR_ADDRESS: z.string().trim().optional().transform((v) => v || undefined),
  PRIVACY_EMAIL: z.union([z.literal(""), z.email()]).optional().transform((v) => v || undefined),
  /** Delay of every sandbox registry answer, to mimic the real portals' minutes. */
  SANDBOX_LATENCY_MS: z.coerce.number().int().min(0).default(2_000),
});

/** Where an S3-compatible object store keeps Rúbrica's files (STORAGE_URL, parsed). */
export interface ObjectStoreConfig {
  bucket: string;
  /** Key prefix without slashes at either end ("" for the bucket's root). */
  prefix: string;
  /** Another S3-compatible service (MinIO, Garage, R2…); absent: AWS itself. */
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const STORAGE_URL_EXAMPLE = "s3://bucket/prefix?endpoint=https://s3.example.mx&region=us-east-1&forcePathStyle=true";

/** STORAGE_URL as an object store, or what is wrong with it (said to a person). */
function parseStorageUrl(text: string): ObjectStoreConfig | string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `is not a URL; expected e.g. ${STORAGE_URL_EXAMPLE}`;
  }
  if (url.protocol !== "s3:") return `must start with s3:// (an S3-compatible object store), e.g. ${STORAGE_URL_EXAMPLE}`;
  const bucket = url.hostname;
  // Bucket naming rules of S3: 3–63 lowercase letters, digits, dots and hyphens.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) return `needs a bucket name after s3:// (3–63 lowercase letters, digits, dots, hyphens), e.g. ${STORAGE_URL_EXAMPLE}`;
  const known = new Set(["endpoint", "region", "forcePathStyle"]);
  for (const key of url.searchParams.keys()) if (!known.has(key)) return `has an unknown parameter "${key}" (known: endpoint, region, forcePathStyle)`;
  const endpoint = url.searchParams.get("endpoint") ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]/.test(endpoint)) return "endpoint must be an http:// or https:// URL";
  const pathStyle = url.searchParams.get("forcePathStyle");
  if (pathStyle !== null && !["true", "false", "1", "0"].includes(pathStyle)) return "forcePathStyle must be true or false";
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  if (Boolean(user) !== Boolean(password)) return "credentials in the URL need both the access key and the secret (s3://KEY:SECRET@bucket/…)";
  return {
    bucket,
    prefix: decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, ""),
    endpoint,
    region: url.searchParams.get("region") || "us-east-1",
    forcePathStyle: pathStyle === "true" || pathStyle === "1",
    credentials: user ? { accessKeyId: user, secretAccessKey: password } : undefined,
  };
}

export type Env = Omit<z.infer<typeof envSchema>, "APP_URL" | "SEED_DEMO" | "STORAGE_DIR" | "STORAGE_URL" | "TRUSTED_CA_DIR" | "KEYS_DIR"> & {
  APP_URL: string;
  DATA_DIR: string;
  STORAGE_DIR: string;
  /** The object store that replaces STORAGE_DIR, when STORAGE_URL is set. */
  STORAGE_URL?: ObjectStoreConfig;
  TRUSTED_CA_DIR: string;
  KEYS_DIR: string;
  SANDBOX_CA_DIR: string;
  SEED_DEMO: boolean;
};

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const seed = e.SEED_DEMO === undefined || e.SEED_DEMO === "" ? !e.DATABASE_URL : e.SEED_DEMO === "true" || e.SEED_DEMO === "1";
  cached = {
    ...e,
    APP_URL: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    DATA_DIR: path.resolve(e.DATA_DIR),
    STORAGE_DIR: path.resolve(e.STORAGE_DIR ?? path.join(e.DATA_DIR, "files")),
    STORAGE_URL: e.STORAGE_URL && {
      ...e.STORAGE_URL,
      credentials:
        e.STORAGE_URL.credentials ??
        (e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY ? { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY } : undefined),
    },
    TRUSTED_CA_DIR: path.resolve(e.TRUSTED_CA_DIR ?? path.join(e.DATA_DIR, "trust")),
    KEYS_DIR: path.resolve(e.KEYS_DIR ?? path.join(e.DATA_DIR, "keys")),
    SANDBOX_CA_DIR: path.resolve(e.DATA_DIR, "sandbox-ca"),
    SEED_DEMO: seed,
    SEAL_P12_PATH: e.SEAL_P12_PATH && path.resolve(e.SEAL_P12_PATH),
    TSA_P12_PATH: e.TSA_P12_PATH && path.resolve(e.TSA_P12_PATH),
  };
  return cached;
}

/** The launcher changes process.env at start (database URL, secrets); parse again afterwards. */
export function resetEnvCache(): void {
  cached = undefined;
}
