import { sql } from "drizzle-orm";
import { boolean, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/** A work folder: the reference calls it "company" or "container". */
export const workFolders = pgTable("work_folders", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  rfc: text("rfc"),
  /** Logo as Base64 (the reference returns it so); "" when there is none. */
  logo: text("logo").notNull().default(""),
  timeZone: text("time_zone").notNull().default("America/Mexico_City"),
  /** The folder every user gets at sign-up ("mis documentos"). */
  isDefault: boolean("is_default").notNull().default(false),
  /**
   * How many documents the folder holds, kept by statement-level triggers on documents (insert,
   * delete, a change of folder_id) in the same transaction as the change: the listing's exact
   * totalItems without counting the folder on every page (migration 0015).
   */
  documentCount: integer("document_count").notNull().default(0),
  createdAt: timestamp("created_at", { precision: 6, withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { precision: 6, withTimezone: true }).notNull().defaultNow(),
});

export const folderRole = pgEnum("folder_role", ["owner", "invited"]);

export const folderMemberships = pgTable(
  "folder_memberships",
  {
    folderId: uuid("folder_id").notNull().references(() => workFolders.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    role: folderRole("role").notNull(),
    createdAt: timestamp("created_at", { precision: 6, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.folderId, t.userId] }), index("folder_memberships_user_idx").on(t.userId)],
);

/**
 * An invitation to a folder, waiting for the person at `email` to accept or decline it from their
 * dashboard. It is made for an address, account or not, so the owner learns nothing about who has
 * one; membership exists only after acceptance. Answered invitations are deleted (the audit log
 * keeps what happened).
 */
export const folderInvitations = pgTable(
  "folder_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    folderId: uuid("folder_id").notNull().references(() => workFolders.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    invitedByUserId: uuid("invited_by_user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the token in the invitation's e-mail link (null for invitations sent before links). */
    tokenHash: text("token_hash").unique("folder_invitations_token_hash_key"),
    createdAt: timestamp("created_at", { precision: 6, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("folder_invitations_folder_email_idx").on(t.folderId, sql`lower(${t.email})`), index("folder_invitations_email_idx").on(sql`lower(${t.email})`)],
);

export type WorkFolder = typeof workFolders.$inferSelect;
export type FolderMembership = typeof folderMemberships.$inferSelect;
export type FolderInvitation = typeof folderInvitations.$inferSelect;
