import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { apiRoute } from "@/lib/http/api-route";
import { submitSession } from "@/lib/services/identity-sessions/submit-session";

export const POST = apiRoute({ auth: "none", params: z.object({ token: z.string() }) }, async ({ params }) => Response.json(await submitSession(getDb(), params.token)));
