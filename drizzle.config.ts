import { defineConfig } from "drizzle-kit";

// Only `drizzle-kit generate` uses this: it diffs lib/db/schema against drizzle/ and
// writes SQL. Migrations are applied by lib/db/migrate.ts at start, never by `push`.
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/db/schema/index.ts",
  out: "./drizzle",
});
