import { boolean, index, integer, json, jsonb, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

const ts = (name: string) => timestamp(name, { precision: 6, withTimezone: true });

export const SESSION_VALIDATIONS = ["INE", "CURP", "LIVENESS_DETECTION"] as const;
export type SessionValidation = (typeof SESSION_VALIDATIONS)[number];
export const SESSION_STATUSES = ["OPEN", "VERIFYING", "FINISHED", "FAILED"] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** Version 3 sends two colors and a logo; version 2 sends five colors (the last three here too). */
export type CustomBranding = {
  primary_color?: string;
  secondary_color?: string;
  background_color?: string;
  text_color?: string;
  button_text_color?: string;
  logo?: string;
};

/**
 * An identity verification session (operation 9; v2 lookup and listing address the same rows).
 * `formToken` is the verification page's own bearer secret, so the session uuid the caller keeps
 * never opens the page.
 */
export const identitySessions = pgTable(
  "identity_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    status: text("status").$type<SessionStatus>().notNull().default("OPEN"),
    /** null until FINISHED (percentage of requested checks that passed); 0 when FAILED. */
    result: integer("result"),
    validations: jsonb("validations").$type<SessionValidation[]>().notNull(),
    redirectUrl: text("redirect_url"),
    webhook: text("webhook"),
    withWebhookBinaries: boolean("with_webhook_binaries").notNull().default(true),
    onlyMobileDevices: boolean("only_mobile_devices").notNull().default(false),
    phoneNumber: text("phone_number"),
    /** json, not jsonb: returned exactly as sent, key order and all. */
    optionals: json("optionals").$type<Record<string, unknown>>(),
    customBranding: jsonb("custom_branding").$type<CustomBranding>(),
    /** The API version the session was created with (2 or 3). */
    apiVersion: smallint("api_version").notNull(),
    formToken: text("form_token").notNull().unique(),
    expiresAt: ts("expires_at").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("identity_sessions_user_idx").on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

export type IdentitySession = typeof identitySessions.$inferSelect;
