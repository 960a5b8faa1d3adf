import type { Actor } from "@/lib/services/actor";

/**
 * Who reviews which sessions: an admin signed in to the dashboard sees every user's; anyone else
 * (an ordinary user, or an admin's API key) only their own. One rule for the API lookup, the
 * review list, the detail, its images and its comments.
 */
export function reviewsEverySession(actor: Actor): boolean {
  return actor.role === "admin" && actor.via === "session";
}
