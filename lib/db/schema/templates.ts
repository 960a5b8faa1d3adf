import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { apiKeys } from "./api-keys";
import { storedFiles, type SignatureType } from "./documents";
import { users } from "./users";
import { workFolders } from "./work-folders";

const ts = (name: string) => timestamp(name, { precision: 6, withTimezone: true });

/**
 * A signer role of a template: who signs is filled in per document (`roles` → people); the
 * boxes, the place in the signing order (its index) and an optional fixed RFC are the role's.
 */
export type TemplateRole = { key: string; label: string; rfc: string | null; positions: string | null };

/**
 * A reusable document: the PDF (by content hash, so every document made from it shares the one
 * stored file), its roles and its settings. Belongs to the account that made it, like API keys.
 */
export const templates = pgTable(
  "templates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerUserId: uuid("owner_user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    fileName: text("file_name").notNull(),
    originalHash: text("original_hash").notNull().references(() => storedFiles.sha256),
    pageCount: integer("page_count").notNull(),
    roles: jsonb("roles").$type<TemplateRole[]>().notNull(),
    signatureOrdered: text("signature_ordered").$type<"INACTIVE" | "ACTIVE">().notNull(),
    notificationMode: text("notification_mode").$type<"ENABLED" | "DISABLED">().notNull(),
    signPosition: text("sign_position").$type<"DEFAULT" | "CUSTOM">().notNull(),
    allowTypeSignatures: text("allow_type_signatures").array().$type<SignatureType[]>().notNull(),
    tries: integer("tries").notNull(),
    rememberEvery: integer("remember_every").notNull(),
    rememberAt: text("remember_at").notNull(),
    // Documents made from the template take it unless their request gives their own.
    redirectUrl: text("redirect_url"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("templates_owner_created_idx").on(t.ownerUserId, t.createdAt.desc(), t.id.desc())],
);

/**
 * A bulk send: one document per row from a template, made by the bulk-send job. The counts move
 * in the same transaction as the rows they count, so progress read at any time is exact.
 */
export const bulkSends = pgTable(
  "bulk_sends",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerUserId: uuid("owner_user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    templateId: uuid("template_id").references(() => templates.id, { onDelete: "set null" }),
    folderId: uuid("folder_id").notNull().references(() => workFolders.id, { onDelete: "cascade" }),
    // The key that started the send: its documents are framed where that key allows (embed_origins).
    apiKeyId: uuid("api_key_id").references(() => apiKeys.id, { onDelete: "set null" }),
    status: text("status").$type<"QUEUED" | "RUNNING" | "DONE" | "FAILED">().notNull().default("QUEUED"),
    totalRows: integer("total_rows").notNull(),
    createdCount: integer("created_count").notNull().default(0),
    failedCount: integer("failed_count").notNull().default(0),
    // The send's own redirect_url, over the template's, for every document it makes (the job reads it later).
    redirectUrl: text("redirect_url"),
    createdAt: ts("created_at").notNull().defaultNow(),
    finishedAt: ts("finished_at"),
  },
  (t) => [index("bulk_sends_owner_created_idx").on(t.ownerUserId, t.createdAt.desc())],
);

/** One row of a bulk send's input and its outcome: the document made, or why the row was refused. */
export const bulkSendRows = pgTable(
  "bulk_send_rows",
  {
    bulkSendId: uuid("bulk_send_id").notNull().references(() => bulkSends.id, { onDelete: "cascade" }),
    /** 1-based data row (the header is not counted). */
    row: integer("row").notNull(),
    status: text("status").$type<"PENDING" | "CREATED" | "FAILED">().notNull(),
    /** The row's people as the template's document input takes them, kept only until the row is done. */
    input: jsonb("input").$type<Record<string, unknown>>(),
    documentId: uuid("document_id"),
    errors: jsonb("errors").$type<Record<string, string[]>>(),
  },
  (t) => [primaryKey({ columns: [t.bulkSendId, t.row] })],
);

export type TemplateRow = typeof templates.$inferSelect;
export type BulkSendRow = typeof bulkSends.$inferSelect;
