import { z } from "zod";

export const errorBody = z.object({ message: z.string() }).meta({ id: "Error" });
export const validationErrorBody = z
  .object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) })
  .meta({ id: "ValidationError", description: 'Keys are field paths such as "validations.0"; values are messages.' });
export const serverErrorBody = z
  .object({ message: z.string(), request_id: z.string() })
  .meta({ id: "ServerError", description: "Unexpected failure; quote request_id (also in the X-Request-Id header) to support." });
export const uuidParam = z.uuid({ error: "Must be a UUID." });
