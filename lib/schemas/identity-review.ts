import { z } from "zod";
import { SESSION_STATUSES } from "./identity-sessions";

// The dashboard's review of identity sessions and the admin's quota form. Browser-safe.

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** An empty field, a null or a repeated parameter's extra values count as not given (a repeated one, as its first). */
const blankToUndefined = (v: unknown) => {
  const one = Array.isArray(v) ? v[0] : v;
  return one === null || (typeof one === "string" && one.trim() === "") ? undefined : one;
};
/** A GET parameter that is wrong is ignored, as if it had not been given: the list still shows. */
const lenient = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional()).catch(undefined);

export const SESSION_REVIEW_PAGE_SIZE = 20;

/** The list's filters, from the page's address: status, created from/to (calendar days, Mexico City), q (CURP, name or id), page. */
export const sessionReviewFilters = z.object({
  status: lenient(z.enum(SESSION_STATUSES)),
  from: lenient(z.string().regex(DAY).refine((d) => !Number.isNaN(Date.parse(d)))),
  to: lenient(z.string().regex(DAY).refine((d) => !Number.isNaN(Date.parse(d)))),
  q: lenient(z.string().trim().min(1).max(100)),
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(10_000).default(1)).catch(1),
});
export type SessionReviewFilters = z.output<typeof sessionReviewFilters>;

export const COMMENT_MAX = 2000;
export const sessionCommentBody = z.object({
  body: z
    .string({ error: "Escribe el comentario." })
    .trim()
    .min(1, { error: "Escribe el comentario." })
    .max(COMMENT_MAX, { error: `El comentario puede tener hasta ${COMMENT_MAX} caracteres.` }),
});

export const QUOTA_MAX = 10_000_000;
const WHOLE_NUMBER = "Escribe un número entero de 0 en adelante, o déjalo vacío para el valor por omisión.";
const perPeriodQuota = z
  .preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    z.union([z.null(), z.coerce.number({ error: WHOLE_NUMBER }).int({ error: WHOLE_NUMBER }).min(0, { error: WHOLE_NUMBER }).max(QUOTA_MAX, { error: `El máximo es ${QUOTA_MAX}.` })]),
  )
  .optional();
export const userQuotaBody = z.object({
  userId: z.uuid({ error: "Usuario no válido." }),
  // An empty field is not zero: it is a missing answer.
  transactions: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: "Escribe un número entero de 0 en adelante." })
      .int({ error: "Escribe un número entero de 0 en adelante." })
      .min(0, { error: "Escribe un número entero de 0 en adelante." })
      .max(QUOTA_MAX, { error: `El máximo es ${QUOTA_MAX}.` }),
  ),
  // Documents and notices per quota period: blank is the default of lib/env.ts (null), absent leaves it.
  documentQuota: perPeriodQuota,
  noticeQuota: perPeriodQuota,
});

export const userQuotaFilters = z.object({
  q: lenient(z.string().trim().min(1).max(100)),
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(10_000).default(1)).catch(1),
});
