import type { FolderInvitationJson, InvitationToMeJson } from "@/lib/schemas/signing";
import type { PendingInvitation } from "@/lib/services/work-folders/invite-to-folder";
import type { InvitationToMe } from "@/lib/services/work-folders/list-folder-invitations";

export const folderInvitationJson = (i: PendingInvitation): FolderInvitationJson => ({ id: i.id, email: i.email, status: "PENDING", created_at: i.createdAt.toISOString() });

export const invitationToMeJson = (i: InvitationToMe): InvitationToMeJson => ({ id: i.id, company: { id: i.folderId, name: i.folderName }, invited_by: i.invitedBy, created_at: i.createdAt.toISOString() });
