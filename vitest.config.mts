import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    // next-auth imports "next/server" without an extension; let Vite resolve it.
    server: { deps: { inline: ["next-auth", "@auth/core"] } },
    reporters: process.env.VITEST_JSON ? ["default", ["json", { outputFile: process.env.VITEST_JSON }]] : ["default"],
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["**/*.test.ts"], exclude: ["**/*.int.test.ts", "node_modules/**", "e2e/**", "scale/**", ".next/**"] },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["**/*.int.test.ts"],
          exclude: ["node_modules/**", ".next/**"],
          globalSetup: ["test/global-setup.ts"],
          setupFiles: ["test/database-per-file.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Several processes of the production build against one database: after `next build`.
        extends: true,
        test: { name: "scale", include: ["scale/**/*.test.ts"], testTimeout: 8 * 60_000, hookTimeout: 60_000 },
      },
    ],
  },
});
