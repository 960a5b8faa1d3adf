"use client";

import { useActionState } from "react";
import type { CommentState } from "@/app/actions/identity-review";
import { useI18n } from "@/components/providers";
import { Button } from "@/components/ui/button";
import { COMMENT_MAX } from "@/lib/schemas/identity-review";

/** The reviewer's new comment; `action` is the server action with the session id bound. */
export function CommentForm({ action }: { action: (prev: CommentState, form: FormData) => Promise<CommentState> }) {
  const { t } = useI18n();
  const [state, formAction, pending] = useActionState<CommentState, FormData>(action, {});
  const error = state.invalid ? t("identityReview.commentInvalid") : state.notFound ? t("common.error") : null;
  return (
    <form action={formAction} className="flex flex-col gap-2">
      <label htmlFor="session-comment" className="text-sm font-medium">{t("identityReview.commentLabel")}</label>
      <textarea
        id="session-comment"
        name="body"
        rows={3}
        required
        maxLength={COMMENT_MAX}
        defaultValue={state.body ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "session-comment-hint session-comment-error" : "session-comment-hint"}
        className="rounded-md border border-zinc-300 bg-white px-3 py-2 text-base aria-invalid:border-red-500"
      />
      <p id="session-comment-hint" className="text-xs text-zinc-500">{t("identityReview.commentHint")}</p>
      {error && <p id="session-comment-error" role="alert" className="text-sm text-red-700">{error}</p>}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending}>{t("identityReview.addComment")}</Button>
        {state.saved && <span role="status" className="text-sm text-green-700">{t("identityReview.commentSaved")}</span>}
      </div>
    </form>
  );
}
