import { sql } from "drizzle-orm";
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/** Append-only record of who did what; later issues log signing-link uses here too. */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    subjectType: text("subject_type"),
    subjectId: text("subject_id"),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    ip: text("ip"),
    createdAt: timestamp("created_at", { precision: 6, withTimezone: true }).notNull().defaultNow(),
    /** A document's events form a hash chain: seq 1, 2, …; each hash covers the previous one. */
    documentId: uuid("document_id"),
    seq: integer("seq"),
    prevHash: text("prev_hash"),
    hash: text("hash"),
  },
  (t) => [
    index("audit_events_actor_idx").on(t.actorUserId, t.createdAt),
    index("audit_events_subject_idx").on(t.subjectType, t.subjectId),
    uniqueIndex("audit_events_chain_idx").on(t.documentId, t.seq).where(sql`${t.documentId} is not null`),
  ],
);

export type AuditEvent = typeof auditEvents.$inferSelect;
