import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Fixed-window request counters, shared by every app process (one row per key: the budget is
 * the same whichever instance answers). Rows past `expires_at` are dead: the next request for
 * the key starts a new window in place, and the sweep job deletes the rest.
 */
export const rateLimitWindows = pgTable(
  "rate_limit_windows",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    windowStart: timestamp("window_start", { precision: 3, withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { precision: 3, withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limit_windows_expires_idx").on(t.expiresAt)],
);
