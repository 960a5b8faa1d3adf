import { and, desc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { outboxMessages } from "@/lib/db/schema";

/** The newest e-mail to an address (of `template`, if given), as the outbox captured it. */
export async function mailTo(address: string, template?: string) {
  const [message] = await getDb()
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, address), template ? eq(outboxMessages.template, template) : undefined))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  return message;
}

/** The token of the link to `/path/<token>` in an e-mail's text. */
export const linkToken = (text: string, path: string) => new RegExp(`/${path}/([\\w-]{43})\\b`).exec(text)?.[1];
