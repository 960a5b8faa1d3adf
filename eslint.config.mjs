import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: [".next/**", ".data/**", "node_modules/**", "drizzle/**", "test-results/**", "playwright-report/**", "next-env.d.ts"] },
  {
    rules: {
      // Only lib/env.ts reads process.env; everything else goes through env().
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read settings through env() from lib/env.ts." }],
    },
  },
  {
    files: ["lib/env.ts", "scripts/**", "bench/**", "server.ts", "*.config.ts", "*.config.mts", "*.config.mjs", "**/*.int.test.ts", "lib/env.test.ts", "test/**", "e2e/**", "scale/**", "lib/runtime/**"],
    rules: { "no-restricted-properties": "off" },
  },
];

export default config;
