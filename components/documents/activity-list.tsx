import type { MessageKey, Translate } from "@/lib/i18n/translate";
import { formatListed } from "@/lib/i18n/date-format";

export type ActivityItem = { id: number; action: string; actorName: string | null; signerName: string | null; createdAt: Date };

const ACTIONS: Record<string, MessageKey> = {
  "document.created": "activity.created",
  "document.updated": "activity.updated",
  "document.cancelled": "activity.cancelled",
  "signatory.notice_resent": "activity.noticeResent",
  "signatory.link_revealed": "activity.linkRevealed",
  "signature.viewed": "activity.linkViewed",
  "signature.document_read": "activity.documentRead",
  "signature.signed": "activity.signed",
  "signature.rejected": "activity.rejected",
  "document.sealed": "activity.sealed",
};

/** The document's audit trail, newest first. */
export function ActivityList({ items, t, locale, timeZone }: { items: ActivityItem[]; t: Translate; locale: string; timeZone: string }) {
  if (items.length === 0) return <p className="text-sm text-zinc-500">{t("activity.empty")}</p>;
  const date = { format: (d: Date | string) => formatListed(d, locale, timeZone) };
  return (
    <ol className="flex flex-col gap-3 border-l-2 border-zinc-200 pl-4">
      {items.map((item) => (
        <li key={item.id} className="text-sm" data-testid="activity-item">
          <p className="font-medium">{ACTIONS[item.action] ? t(ACTIONS[item.action]!, { name: item.signerName ?? "—" }) : item.action}</p>
          <p className="text-zinc-600">
            {item.actorName ?? t("activity.system")} · <time dateTime={item.createdAt.toISOString()}>{date.format(item.createdAt)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
