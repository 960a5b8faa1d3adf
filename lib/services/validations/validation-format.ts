import crypto from "node:crypto";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { env } from "@/lib/env";

/** Identity API timestamps: ISO 8601 with the offset of the service's zone (DEFAULT_TIME_ZONE). */
export function isoWithOffset(date: Date): string {
  return format(new TZDate(date.getTime(), env().DEFAULT_TIME_ZONE), "yyyy-MM-dd'T'HH:mm:ss.SSSxxx");
}

/** The key of signed links, derived from AUTH_SECRET so no other secret needs keeping. */
export function signedLinkKey(): Buffer {
  const secret = env().AUTH_SECRET;
  if (!secret) throw new Error("AUTH_SECRET is not set.");
  return crypto.createHmac("sha256", secret).update("rubrica/signed-links/v1").digest();
}

export const VALIDATION_NOT_FOUND = "Validación no encontrada.";
