import { TZDate } from "@date-fns/tz";
import { and, desc, eq, gte, lt, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "@/lib/db/client";
import { identitySessions, users, type SessionStatus, type SessionValidation } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { SESSION_REVIEW_PAGE_SIZE, type SessionReviewFilters } from "@/lib/schemas/identity-review";
import type { Actor } from "@/lib/services/actor";
import { reviewsEverySession } from "./review-scope";

export type SessionReviewRow = {
  id: string;
  status: SessionStatus;
  result: number | null;
  validations: SessionValidation[];
  createdAt: Date;
  ownerEmail: string;
  /** The name the front of the card carries (OCR), when read. */
  name: string | null;
  /** The CURP the session settled on, else the one read on the card. */
  curp: string | null;
};

// Accents and ñ folded away on both sides, so "nunez" finds "NÚÑEZ" and "Ibáñez" finds "IBANEZ".
// translate() before lower(): lower() of a non-ASCII letter depends on the cluster's locale.
const ACCENTED = "ÁÉÍÓÚÜÑÀÈÌÒÙÂÊÎÔÛáéíóúüñàèìòùâêîôû";
const PLAIN = "AEIOUUNAEIOUAEIOUaeiouunaeiouaeiou";
const folded = (expr: SQL) => sql`lower(translate(${expr}, ${ACCENTED}, ${PLAIN}))`;

const nameOf = sql<string | null>`coalesce(
  ${identitySessions.ocr} -> 'ocr_frontal' ->> 'nombre_completo',
  nullif(concat_ws(' ', ${identitySessions.ocr} -> 'ocr_frontal' ->> 'nombres', ${identitySessions.ocr} -> 'ocr_frontal' ->> 'primer_apellido', ${identitySessions.ocr} -> 'ocr_frontal' ->> 'segundo_apellido'), '')
)`;
const curpOf = sql<string | null>`coalesce(${identitySessions.documentData} ->> 'curp', ${identitySessions.ocr} -> 'ocr_frontal' ->> 'curp')`;

/** What a person types, as the folded columns read: no accents, lower case, single spaces, LIKE-escaped. */
function likePattern(q: string): string {
  const plain = q
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
  return `%${plain.replace(/[\\%_]/g, "\\$&")}%`;
}

/** A calendar day (YYYY-MM-DD) begins at midnight in the service's time zone (Mexico City by default). */
function startOfDay(day: string, plusDays = 0): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d + plusDays, env().DEFAULT_TIME_ZONE).getTime());
}

/**
 * The sessions a reviewer may see (their own; an admin in the dashboard, everyone's), newest
 * first, filtered by status, creation day (from and to both included) and a search that matches
 * the CURP (settled or read on the card), the name on the card, or the session id.
 */
export async function listSessionsForReview(
  db: DbOrTx,
  actor: Actor,
  filters: SessionReviewFilters,
): Promise<{ rows: SessionReviewRow[]; total: number; page: number; perPage: number }> {
  const perPage = SESSION_REVIEW_PAGE_SIZE;
  const conditions: (SQL | undefined)[] = [reviewsEverySession(actor) ? undefined : eq(identitySessions.userId, actor.userId)];
  if (filters.status) conditions.push(eq(identitySessions.status, filters.status));
  if (filters.from) conditions.push(gte(identitySessions.createdAt, startOfDay(filters.from)));
  if (filters.to) conditions.push(lt(identitySessions.createdAt, startOfDay(filters.to, 1)));
  if (filters.q) {
    const pattern = likePattern(filters.q);
    const byId = z.uuid().safeParse(filters.q.trim()).success ? eq(identitySessions.id, filters.q.trim()) : undefined;
    conditions.push(or(sql`${folded(curpOf)} like ${pattern}`, sql`${folded(nameOf)} like ${pattern}`, byId));
  }
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: identitySessions.id,
        status: identitySessions.status,
        result: identitySessions.result,
        validations: identitySessions.validations,
        createdAt: identitySessions.createdAt,
        ownerEmail: users.email,
        name: nameOf,
        curp: curpOf,
      })
      .from(identitySessions)
      .innerJoin(users, eq(users.id, identitySessions.userId))
      .where(where)
      .orderBy(desc(identitySessions.createdAt), desc(identitySessions.id))
      .limit(perPage)
      .offset((filters.page - 1) * perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(identitySessions).where(where),
  ]);
  return { rows, total: counted?.n ?? 0, page: filters.page, perPage };
}
