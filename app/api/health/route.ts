import { apiRoute, json } from "@/lib/http/api-route";
import { checkDatabase } from "@/lib/services/system/check-database";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ auth: "none" }, async () => {
  const db = await checkDatabase();
  return json({ status: db ? "ok" : "error", db: db ? "ok" : "error" }, db ? 200 : 503, { "Cache-Control": "no-store" });
});
