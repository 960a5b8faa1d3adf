import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** First characters of the key, shown in lists so a person can tell keys apart. */
    prefix: text("prefix").notNull(),
    /** SHA-256 of the whole key. Keys are 192 random bits, so a fast hash is safe and keeps auth cheap. */
    keyHash: text("key_hash").notNull(),
    scopes: text("scopes").array().notNull().default(["*"]),
    /**
     * Origins (scheme://host[:port]) whose pages may frame the signing page of documents this key
     * created: the signing page's CSP frame-ancestors, and the only targets of its postMessage
     * events. Empty: those signing pages cannot be framed.
     */
    embedOrigins: text("embed_origins").array().notNull().default([]),
    lastUsedAt: timestamp("last_used_at", { precision: 6, withTimezone: true }),
    revokedAt: timestamp("revoked_at", { precision: 6, withTimezone: true }),
    createdAt: timestamp("created_at", { precision: 6, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("api_keys_hash_idx").on(t.keyHash), index("api_keys_user_idx").on(t.userId)],
);

export type ApiKey = typeof apiKeys.$inferSelect;
