import { index, integer, pgEnum, pgTable, text, timestamp, uuid, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";

export const userRole = pgEnum("user_role", ["user", "admin"]);
export const accountTokenPurpose = pgEnum("account_token_purpose", ["confirm_email", "reset_password"]);
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
    /** This account's documents and notices per quota period; null: DOCUMENTS_PER_PERIOD, NOTICES_PER_PERIOD. */
    documentQuota: integer("document_quota"),
    noticeQuota: integer("notice_quota"),
    /**
     * When the person followed the confirmation link sent to `email` (or a password-reset link,
     * which proves the same). Null: the address is only claimed; invitations to it are not
     * theirs yet (README, "Who may do what"). Accounts made by the CLI, the demo seed and the
     * migration that added this column count as confirmed.
     */
    emailConfirmedAt: timestamp("email_confirmed_at", { precision: 6, withTimezone: true }),
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

/**
 * Single-use secrets sent by e-mail: the confirmation of a new account's address and a password
 * reset. Only the SHA-256 of the token is stored (the token has 256 random bits, so a plain hash
 * is enough: nothing to slow down); the link in the e-mail carries the token itself. Following a
 * link deletes its row, so it works once.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    purpose: accountTokenPurpose("purpose").notNull(),
    createdAt: timestamp("created_at", { precision: 6, withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { precision: 6, withTimezone: true }).notNull(),
  },
  (t) => [index("account_tokens_user_idx").on(t.userId, t.purpose)],
);
