import { env } from "@/lib/env";
import type { DbOrTx } from "@/lib/db/client";
import type { User } from "@/lib/db/schema";
import { sendMessage } from "@/lib/services/messages/send-message";
import { createUser, type NewUser } from "./create-user";

/** Self-service sign-up: the account, its "mis documentos" folder and a welcome e-mail. */
export async function signUp(db: DbOrTx, input: NewUser): Promise<User> {
  const user = await createUser(db, input);
  await sendMessage(db, {
    userId: user.id,
    channel: "email",
    to: user.email,
    template: "welcome",
    locale: user.locale,
    params: { name: user.name, dashboardUrl: `${env().APP_URL}/dashboard` },
  });
  return user;
}
