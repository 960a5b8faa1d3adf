import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { templates, type TemplateRow } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/services/actor";

export const TEMPLATE_NOT_FOUND = "Template not found.";

/** The account's template; another account's is "not found", the same answer as an unknown id. */
export async function findTemplate(db: DbOrTx, actor: Actor, templateId: string): Promise<TemplateRow> {
  const [row] = await db.select().from(templates).where(and(eq(templates.id, templateId), eq(templates.ownerUserId, actor.userId)));
  if (!row) throw new AppError("NOT_FOUND", TEMPLATE_NOT_FOUND);
  return row;
}
