import type { DbOrTx } from "@/lib/db/client";
import { folderMemberships, workFolders, type WorkFolder } from "@/lib/db/schema";
import { env } from "@/lib/env";
import type { Actor } from "@/lib/services/actor";
import { recordAuditEvent } from "@/lib/services/audit/record-audit-event";

export type NewWorkFolder = { name: string; rfc?: string | null; logo?: string; time_zone?: string };

/** A new folder owned by the actor. */
export async function createWorkFolder(db: DbOrTx, actor: Actor, input: NewWorkFolder): Promise<WorkFolder> {
  return db.transaction(async (tx) => {
    const [folder] = await tx
      .insert(workFolders)
      .values({ name: input.name, rfc: input.rfc ?? null, logo: input.logo?.replace(/\s/g, "") ?? "", timeZone: input.time_zone ?? env().DEFAULT_TIME_ZONE })
      .returning();
    await tx.insert(folderMemberships).values({ folderId: folder!.id, userId: actor.userId, role: "owner" });
    await recordAuditEvent(tx, { actorUserId: actor.userId, action: "folder.created", subjectType: "work_folder", subjectId: folder!.id });
    return folder!;
  });
}
