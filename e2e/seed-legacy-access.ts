// e2e fixture, run with tsx against the Playwright server's data folder (DATA_DIR=.data-e2e): what
// an unconfirmed account could make before keys and webhooks waited for a confirmed address (an
// API key, a signing webhook), written straight into the database as such an account left it.
// Prints the key as JSON.
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { apiKeys, users } from "@/lib/db/schema";
import { newApiKey } from "@/lib/services/api-keys/api-key-format";
import { runFixture } from "./fixture-script";

runFixture(async () => {
  const [email, webhookUrl] = process.argv.slice(2);
  if (!email || !webhookUrl) throw new Error("usage: seed-legacy-access.ts EMAIL WEBHOOK_URL");
  const [user] = await getDb().update(users).set({ signingWebhookUrl: webhookUrl }).where(eq(users.email, email.toLowerCase())).returning();
  if (!user) throw new Error(`no account for ${email}`);
  const { key, prefix, hash } = newApiKey();
  await getDb().insert(apiKeys).values({ userId: user.id, name: "hecha sin confirmar", prefix, keyHash: hash });
  console.log(JSON.stringify({ key }));
});
