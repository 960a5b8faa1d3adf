// e2e fixture, run with tsx against the Playwright server's data folder (DATA_DIR=.data-e2e), as a
// person reads their mail: prints the text of the newest e-mail of TEMPLATE to RECIPIENT in the
// outbox (where mail is captured without SMTP_URL), waiting a few seconds for it.
import { and, desc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { outboxMessages } from "@/lib/db/schema";
import { runFixture } from "./fixture-script";

runFixture(async () => {
  const [recipient, template] = process.argv.slice(2);
  if (!recipient || !template) throw new Error("usage: read-mail.ts RECIPIENT TEMPLATE");
  for (let i = 0; i < 20; i++) {
    const [message] = await getDb()
      .select({ text: outboxMessages.text })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, recipient.toLowerCase()), eq(outboxMessages.template, template)))
      .orderBy(desc(outboxMessages.createdAt))
      .limit(1);
    if (message) return console.log(JSON.stringify({ text: message.text }));
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no ${template} e-mail to ${recipient}`);
});
