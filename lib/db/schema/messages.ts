import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

export const messageChannel = pgEnum("message_channel", ["email", "whatsapp"]);
/** captured: kept in the outbox because no provider is configured (as a mail catcher would). */
export const messageStatus = pgEnum("message_status", ["queued", "sent", "captured", "failed"]);

/** Every outgoing e-mail and WhatsApp message, sent or captured. */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Whose activity caused it; the outbox page shows a user their own, admins all. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    channel: messageChannel("channel").notNull(),
    template: text("template").notNull(),
    locale: text("locale").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    html: text("html"),
    text: text("text").notNull(),
    status: messageStatus("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    providerMessageId: text("provider_message_id"),
    error: text("error"),
    createdAt: timestamp("created_at", { precision: 6, withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { precision: 6, withTimezone: true }),
  },
  (t) => [index("outbox_messages_user_idx").on(t.userId, t.createdAt)],
);

export type OutboxMessage = typeof outboxMessages.$inferSelect;
