import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { apiRoute } from "@/lib/http/api-route";
import { findUserById } from "@/lib/services/users/find-user";

export const GET = apiRoute({ auth: "apiKey" }, async ({ actor }) => {
  const user = await findUserById(getDb(), actor.userId);
  if (!user) throw new AppError("UNAUTHORIZED", "Unauthorized");
  return { id: user.id, name: user.name, email: user.email, role: user.role, locale: user.locale };
});
