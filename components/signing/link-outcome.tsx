import type { Ref } from "react";
import type { MessageKey, Translate } from "@/lib/i18n/translate";
import type { LinkStatus, SigningLinkData } from "./signing-link-view";
import { formatMoment } from "@/lib/i18n/date-format";

const TONE: Record<Exclude<LinkStatus, "ACTIVE">, string> = {
  SIGNED: "border-green-200 bg-green-50 text-green-950",
  REJECTED: "border-red-200 bg-red-50 text-red-950",
  REMOVED: "border-zinc-300 bg-zinc-100 text-zinc-900",
  DOCUMENT_CANCELLED: "border-zinc-300 bg-zinc-100 text-zinc-900",
  DOCUMENT_REJECTED: "border-red-200 bg-red-50 text-red-950",
  DOCUMENT_EXPIRED: "border-zinc-300 bg-zinc-100 text-zinc-900",
  NOT_YOUR_TURN: "border-amber-200 bg-amber-50 text-amber-950",
};

const TITLE: Record<Exclude<LinkStatus, "ACTIVE">, MessageKey> = {
  SIGNED: "signing.outcome.signed",
  REJECTED: "signing.outcome.rejected",
  REMOVED: "signing.outcome.removed",
  DOCUMENT_CANCELLED: "signing.outcome.cancelled",
  DOCUMENT_REJECTED: "signing.outcome.documentRejected",
  DOCUMENT_EXPIRED: "signing.outcome.expired",
  NOT_YOUR_TURN: "signing.outcome.notYourTurn",
};

/** What happened, or why this link cannot act now, in plain words; no action is offered. */
export function LinkOutcome({ view, t, locale, headingRef }: { view: SigningLinkData; t: Translate; locale: string; headingRef?: Ref<HTMLHeadingElement> }) {
  const status = view.link_status;
  if (status === "ACTIVE") return null;
  const owner = view.document.owner;
  const lines: string[] = [];
  switch (status) {
    case "SIGNED":
      if (view.signer.signed_at) lines.push(t("signing.outcome.signedAt", { date: formatMoment(view.signer.signed_at, locale, "America/Mexico_City") }));
      lines.push(view.document.sign_status === 2 ? t("signing.outcome.allSigned") : t("signing.outcome.othersPending"));
      break;
    case "REJECTED":
      if (view.signer.rejected_reason) lines.push(t("signing.outcome.yourReason", { reason: view.signer.rejected_reason }));
      break;
    case "REMOVED":
      lines.push(t("signing.outcome.removedBody"));
      break;
    case "DOCUMENT_CANCELLED":
      lines.push(t("signing.outcome.cancelledBody", { owner }));
      break;
    case "DOCUMENT_REJECTED":
      lines.push(t("signing.outcome.documentRejectedBody"));
      if (view.document.rejected_message) lines.push(t("signing.outcome.reason", { reason: view.document.rejected_message }));
      break;
    case "DOCUMENT_EXPIRED":
      lines.push(t("signing.outcome.expiredBody", { owner }));
      break;
    case "NOT_YOUR_TURN":
      lines.push(view.waiting_for ? t("signing.outcome.waitingFor", { name: view.waiting_for }) : t("signing.outcome.waiting"));
      break;
  }
  return (
    <section aria-labelledby="outcome-title" data-testid="link-outcome" data-status={status} className={`flex flex-col gap-2 rounded-lg border p-4 ${TONE[status]}`}>
      <h2 id="outcome-title" ref={headingRef} tabIndex={-1} className="text-lg font-semibold">{t(TITLE[status])}</h2>
      {lines.map((line) => (
        // The server's and the browser's date formatting may differ by a space: not worth a re-render.
        <p key={line} className="text-sm [overflow-wrap:anywhere]" suppressHydrationWarning>{line}</p>
      ))}
    </section>
  );
}
