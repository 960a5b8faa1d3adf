import { getDb } from "@/lib/db/client";
import type { Actor } from "@/lib/services/actor";
import { answerFolderInvitation } from "@/lib/services/work-folders/answer-folder-invitation";
import { inviteToFolder } from "@/lib/services/work-folders/invite-to-folder";

/** The owner invites a user's address and the user accepts: they are then a member (ROLE_INVITED). */
export async function shareFolder(owner: Actor, folderId: string, member: { actor: Actor; user: { email: string } }) {
  const invitation = await inviteToFolder(getDb(), owner, folderId, member.user.email);
  await answerFolderInvitation(getDb(), member.actor, invitation.id, "accept");
}
