import type { SessionStatus } from "@/lib/db/schema";
import type { MessageKey, Translate } from "@/lib/i18n/translate";

const tone: Record<SessionStatus, string> = {
  OPEN: "bg-sky-100 text-sky-900",
  VERIFYING: "bg-amber-100 text-amber-900",
  FINISHED: "bg-green-100 text-green-900",
  FAILED: "bg-red-100 text-red-900",
};

const badge = "inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium";

// A finished session is only good news at 100: its colour follows the result, not the status.
const finishedTone = (result: number | null) => (result === 100 ? tone.FINISHED : result !== null && result > 0 ? "bg-amber-100 text-amber-900" : tone.FAILED);

export function SessionStatusBadge({ status, result, t }: { status: SessionStatus; result: number | null; t: Translate }) {
  // The result itself is always printed beside the badge, so the colour is never the only sign.
  const colour = status === "FINISHED" ? finishedTone(result) : tone[status];
  return <span className={`${badge} ${colour}`} data-testid="session-status">{t(`identityReview.status_${status}` as MessageKey)}</span>;
}

/** Passed or failed, in words and colour (never colour alone). */
export function PassBadge({ passed, t }: { passed: boolean; t: Translate }) {
  return (
    <span className={`${badge} ${passed ? "bg-green-100 text-green-900" : "bg-red-100 text-red-900"}`} data-testid="pass-badge">
      <span aria-hidden="true" className="mr-1">{passed ? "✓" : "✗"}</span>
      {passed ? t("identityReview.passed") : t("identityReview.failed")}
    </span>
  );
}
