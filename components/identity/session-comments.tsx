import type { Translate } from "@/lib/i18n/translate";

export type SessionCommentView = { id: string; body: string; createdAt: Date; authorName: string; authorEmail: string };

/** The reviewers' comments, oldest first, each with its author and time. */
export function SessionComments({ comments, t, format }: { comments: SessionCommentView[]; t: Translate; format: (d: Date) => string }) {
  if (!comments.length) return <p className="text-sm text-zinc-500">{t("identityReview.noComments")}</p>;
  return (
    <ol className="flex flex-col gap-3">
      {comments.map((c) => (
        <li key={c.id} className="rounded-md border border-zinc-200 bg-zinc-50 p-3" data-testid="session-comment">
          <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-zinc-600">
            <span className="font-semibold text-zinc-800" title={c.authorEmail}>{c.authorName}</span>
            <time dateTime={c.createdAt.toISOString()}>{format(c.createdAt)}</time>
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words text-sm">{c.body}</p>
        </li>
      ))}
    </ol>
  );
}
