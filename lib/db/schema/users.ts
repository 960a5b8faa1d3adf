import { index, integer, pgEnum, pgTable, text, timestamp, uuid, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";

export const userRole = pgEnum("user_role", ["user", "admin"]);
export const userLocale = pgEnum("user_locale", ["es", "en"]);

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: userRole("role").notNull().default("user"),
    locale: userLocale("locale").notNull().default("es"),
    // Standard Webhooks signing secret ("whsec_" + base64). It must be readable to sign, so it
    // is stored as is; it is shown to its owner in settings and can be rotated.
    webhookSecret: text("webhook_secret").notNull(),
    /** Where signing events (signature.signed, signature.rejected, document.completed) are POSTed. */
    signingWebhookUrl: text("signing_webhook_url"),
    /** Identity transactions left (sessions, INE validations); each creation spends one. */
    transactions: integer("transactions").notNull().default(100),
    createdAt: timestamp("created_at", { precision: 6, withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { precision: 6, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`)],
);

export type User = typeof users.$inferSelect;

/**
 * A signed-in session. The session cookie is a JWT that carries this id; every request that
 * the cookie authenticates looks the row up (by primary key, with the user in the same query),
 * so deleting it ends the session on the server: sign-out deletes it, a password change deletes
 * the account's other sessions, and a copied cookie stops working.
 */
export const userSessions = pgTable(
  "user_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { precision: 6, withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { precision: 6, withTimezone: true }).notNull(),
  },
  (t) => [index("user_sessions_user_idx").on(t.userId)],
);
