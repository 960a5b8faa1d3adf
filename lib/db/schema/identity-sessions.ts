import { sql } from "drizzle-orm";
import { boolean, index, integer, json, jsonb, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { IneFront } from "@/lib/mx/ine-front";
import { signatories } from "./documents";
import { users } from "./users";

const ts = (name: string) => timestamp(name, { precision: 6, withTimezone: true });

export const SESSION_VALIDATIONS = ["INE", "CURP", "LIVENESS_DETECTION"] as const;
export type SessionValidation = (typeof SESSION_VALIDATIONS)[number];
export const SESSION_STATUSES = ["OPEN", "VERIFYING", "FINISHED", "FAILED"] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** Version 3 sends two colors and a logo; version 2 sends five colors (the first three here too). */
export type CustomBranding = {
  primary_color?: string;
  secondary_color?: string;
  button_color?: string;
  background_color?: string;
  button_text_color?: string;
  logo?: string;
};

/** The images the verification page sent, by content hash (stored_files). */
export type SessionFiles = { ine_front?: string; ine_back?: string; selfie?: string; liveness?: string };
/**
 * The front as the capture read it whole (a card too small to be taken unread:
 * capture-session-file), kept for the checks to use instead of reading it again: the file it read
 * (its sha256), the reader's version, the number of words its first pass read and the fields.
 */
export type SessionFrontRead = { sha256: string; reader: string; words: number; front: IneFront };
export const SESSION_FILE_KINDS = ["ine_front", "ine_back", "selfie", "liveness"] as const;
export type SessionFileKind = (typeof SESSION_FILE_KINDS)[number];

/**
 * Everything the checks job found, with its evidence, for the admin review and for `result`:
 * what each reader read, each registry's answer, the face scores and each validation's outcome.
 */
export type SessionChecks = {
  checked_at: string;
  outcomes: { validation: SessionValidation; passed: boolean; reasons: string[] }[];
  mrz: { valid: boolean; reason: string | null; lines: string[] } | null;
  front_words: number;
  face: null | {
    similarity: number | null;
    threshold: number;
    card_faces: number;
    selfie_faces: number;
    live: number | null;
    real: number | null;
  };
  /** yaw_* in degrees (the head's turn left or right). */
  liveness: null | { challenge: string | null; passed: boolean; yaw_selfie: number | null; yaw_turned: number | null; live: number | null; reasons: string[] };
  errors: string[];
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
    files: jsonb("files").$type<SessionFiles>().notNull().default({}),
    /**
     * Written by the server only, with the front it read, and replaced by every front captured
     * (null when that one was not read whole): no request carries it.
     */
    frontRead: jsonb("front_read").$type<SessionFrontRead>(),
    /** The liveness challenge the page was given (turn_head, lib/schemas/liveness-challenge.ts), chosen by the server. */
    livenessChallenge: text("liveness_challenge"),
    /** v2's document_data, ocr and verifications, and the included ine and renapo answers. */
    documentData: jsonb("document_data").$type<{ cic: string | null; curp: string | null; id_ciudadano: string | null }>(),
    ocr: jsonb("ocr").$type<{ ocr_frontal: Record<string, string | null> | null; ocr_reverso: { mrz: string[] | null } }>(),
    verifications: jsonb("verifications").$type<Record<string, boolean | null>>(),
    ine: jsonb("ine").$type<Record<string, unknown>>(),
    renapo: jsonb("renapo").$type<Record<string, unknown>>(),
    checks: jsonb("checks").$type<SessionChecks>(),
    /** Captures the page refused as unreadable (no MRZ, no face…); too many and the session FAILS. */
    refusedCaptures: integer("refused_captures").notNull().default(0),
    /**
     * The signatory this session verifies, when a signer opened it from the signing page to sign
     * with RUBRICA (charged to the document's owner, whose session it is).
     */
    signatoryId: uuid("signatory_id").references(() => signatories.id, { onDelete: "set null" }),
    /** Attempts of the checks job (a registry that does not answer is retried, then FAILED). */
    attempts: integer("attempts").notNull().default(0),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("identity_sessions_user_idx").on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("identity_sessions_signatory_idx").on(t.signatoryId, t.createdAt.desc()).where(sql`${t.signatoryId} is not null`),
  ],
);

/** A reviewer's note on a session (dashboard review). */
export const identitySessionComments = pgTable(
  "identity_session_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => identitySessions.id, { onDelete: "cascade" }),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("identity_session_comments_session_idx").on(t.sessionId, t.createdAt)],
);

export type IdentitySession = typeof identitySessions.$inferSelect;
