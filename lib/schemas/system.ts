import { z } from "zod";

export const healthResponse = z.object({ status: z.enum(["ok", "error"]), db: z.enum(["ok", "error"]) }).meta({ id: "Health" });

export const meResponse = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.email(),
    role: z.enum(["user", "admin"]),
    locale: z.enum(["es", "en"]),
  })
  .meta({ id: "Me" });
