import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
  },
  (t) => [index("audit_events_actor_idx").on(t.actorUserId, t.createdAt), index("audit_events_subject_idx").on(t.subjectType, t.subjectId)],
);

export type AuditEvent = typeof auditEvents.$inferSelect;
