import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgEnum, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { apiKeys } from "./api-keys";
import { users } from "./users";
import { workFolders } from "./work-folders";

const ts = (name: string) => timestamp(name, { precision: 6, withTimezone: true });

/** Files stored by content: the key is the uppercase SHA-256 of the bytes; never changed in place. */
export const storedFiles = pgTable("stored_files", {
  sha256: text("sha256").primaryKey(),
  size: bigint("size", { mode: "number" }).notNull(),
  contentType: text("content_type").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const SIGNATURE_TYPES = ["FIREL", "TEPJF", "EFIRMA", "RUBRICA"] as const;
export type SignatureType = (typeof SIGNATURE_TYPES)[number];

/**
 * Document sign_status integers (product.md): 0 draft, 1 in process, 2 completed, 3 rejected,
 * 4 cancelled, 5 expired. Only 2 means `signed`.
 */
export const DOCUMENT_STATUS = { DRAFT: 0, IN_PROCESS: 1, COMPLETED: 2, REJECTED: 3, CANCELLED: 4, EXPIRED: 5 } as const;
export type DocumentStatus = (typeof DOCUMENT_STATUS)[keyof typeof DOCUMENT_STATUS];

export const documents = pgTable(
  "documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    folderId: uuid("folder_id").notNull().references(() => workFolders.id, { onDelete: "cascade" }),
    ownerUserId: uuid("owner_user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    originalHash: text("original_hash").notNull().references(() => storedFiles.sha256),
    /** The sealed PDF once every signer signed (signing-core issue); null before. */
    sealedHash: text("sealed_hash").references(() => storedFiles.sha256),
    pageCount: integer("page_count").notNull(),
    signStatus: smallint("sign_status").$type<DocumentStatus>().notNull().default(1),
    signatureMode: text("signature_mode").notNull().default("PDF_SIGNATURE"),
    signatureOrdered: text("signature_ordered").$type<"INACTIVE" | "ACTIVE">().notNull().default("INACTIVE"),
    notificationMode: text("notification_mode").$type<"ENABLED" | "DISABLED">().notNull().default("ENABLED"),
    signPosition: text("sign_position").$type<"DEFAULT" | "CUSTOM">().notNull().default("DEFAULT"),
    allowTypeSignatures: text("allow_type_signatures").array().$type<SignatureType[]>().notNull(),
    tries: integer("tries").notNull().default(3),
    rememberEvery: integer("remember_every").notNull().default(1),
    /** Local time of day "HH:MM:SS" in the folder's time zone. */
    rememberAt: text("remember_at").notNull().default("09:00:00"),
    rejectedMessage: text("rejected_message"),
    createdBy: text("created_by"),
    /** The API key that created it, whose embed_origins may frame its signing pages; null from the dashboard. */
    apiKeyId: uuid("api_key_id").references(() => apiKeys.id, { onDelete: "set null" }),
    /** https URL the plain (unframed) signing page sends signers to after they sign or reject. */
    redirectUrl: text("redirect_url"),
    /** Retention certificate (constancy): RFC 3161 token over the original hash, filled at sealing. */
    constancy: jsonb("constancy").$type<Record<string, unknown>>(),
    sealedAt: ts("sealed_at"),
    signedAt: ts("signed_at"),
    cancelledAt: ts("cancelled_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    // Same order as the listing (created_at DESC, id DESC): a mismatch made PostgreSQL sort the whole
    // folder, 1.2 s at 1M documents (bench/api.ts); in order it reads 20 rows, 0.1 ms.
    index("documents_folder_created_idx").on(t.folderId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check("documents_remember_at_format", sql`${t.rememberAt} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$'`),
  ],
);

export const signatoryStatus = pgEnum("signatory_status", ["PENDING", "SIGNED", "REJECTED"]);

/** A signer. Its id is the bearer secret of the signing link /signature/sign-document/{id}. */
export const signatories = pgTable(
  "signatories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    documentId: uuid("document_id").notNull().references(() => documents.id, { onDelete: "cascade" }),
    /** Order in the document's list; the signing order when signature_ordered is ACTIVE. */
    position: integer("position").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    rfc: text("rfc"),
    /** The template it was made from fixes this RFC: an update may not change it (update-document.ts). */
    rfcFixed: boolean("rfc_fixed").notNull().default(false),
    curp: text("curp"),
    /**
     * A company's certificate (SAT persona moral) also names its legal representative, who holds
     * the key: "RFC / RFC_REP" and " / CURP_REP". rfc above is then the company's, these are theirs.
     */
    representativeRfc: text("representative_rfc"),
    representativeCurp: text("representative_curp"),
    /** Serialized JSON of signature boxes, as the reference sends it; used with sign_position CUSTOM. */
    positions: text("positions"),
    /** This signer's redirect after signing or rejecting, over the document's redirect_url. */
    redirectUrl: text("redirect_url"),
    signStatus: signatoryStatus("sign_status").notNull().default("PENDING"),
    certificateSerialNumber: text("certificate_serial_number"),
    certificateIssuerName: text("certificate_issuer_name"),
    /**
     * The holder's name as the signing certificate carries it (CN): who signed. `name` stays what
     * the owner typed, to address the signer; the sheet, the XML and /verify print this one.
     */
    certificateName: text("certificate_name"),
    /** Base64 DER CMS (detached, over the original hash), as the signer's browser made it. */
    signature: text("signature"),
    signatureType: text("signature_type").$type<SignatureType>(),
    /** Base64 DER of the signer's certificate. */
    certificate: text("certificate"),
    /** Stored file (PNG) of the drawn autograph for the visible stamp, when given. */
    autographHash: text("autograph_hash").references(() => storedFiles.sha256),
    /**
     * RUBRICA: the serial (hex) of the short-lived certificate the platform last issued to this
     * signer after their identity was verified; only that certificate may sign for them.
     */
    identityCertificateSerial: text("identity_certificate_serial"),
    signedAt: ts("signed_at"),
    signedIp: text("signed_ip"),
    rejectedReason: text("rejected_reason"),
    rejectedAt: ts("rejected_at"),
    timestamp: jsonb("timestamp").$type<Record<string, unknown>>(),
    /** First notice sent (with signature_ordered ACTIVE, only once it is this signer's turn). */
    notifiedAt: ts("notified_at"),
    /** Reminder slots already used (1..tries); moved forward with a conditional UPDATE, so never twice. */
    remindersSent: integer("reminders_sent").notNull().default(0),
    /** When the next reminder is due; null when none is left (or the signer is done). */
    nextReminderAt: ts("next_reminder_at"),
    /** Removed by an update: kept so the link can say so, never shown in the document. */
    removedAt: ts("removed_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("signatories_document_idx").on(t.documentId, t.position),
    uniqueIndex("signatories_document_email_active_idx").on(t.documentId, sql`lower(${t.email})`).where(sql`${t.removedAt} is null`),
    index("signatories_next_reminder_idx").on(t.nextReminderAt).where(sql`${t.nextReminderAt} is not null`),
  ],
);

export const spectators = pgTable(
  "spectators",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    documentId: uuid("document_id").notNull().references(() => documents.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    notifiedAt: ts("notified_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("spectators_document_idx").on(t.documentId, t.position)],
);

/** One row per reminder sent: the audit of reminders and the proof none was sent twice. */
export const reminderSends = pgTable(
  "reminder_sends",
  {
    signatoryId: uuid("signatory_id").notNull().references(() => signatories.id, { onDelete: "cascade" }),
    slot: integer("slot").notNull(),
    dueAt: ts("due_at").notNull(),
    sentAt: ts("sent_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("reminder_sends_slot_idx").on(t.signatoryId, t.slot)],
);

export type StoredFile = typeof storedFiles.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;
export type Signatory = typeof signatories.$inferSelect;
export type Spectator = typeof spectators.$inferSelect;
