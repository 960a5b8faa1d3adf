import Link from "next/link";
import type { SessionReviewRow } from "@/lib/services/identity-sessions/list-sessions-for-review";
import type { MessageKey, Translate } from "@/lib/i18n/translate";
import { SessionStatusBadge } from "./session-status-badge";
import { formatListed } from "@/lib/i18n/date-format";

export type SessionRowView = SessionReviewRow;

/** Sessions with status, result and who they are about; on a phone the columns fold under the person. */
export function SessionsTable({ rows, t, locale, timeZone, showOwner }: { rows: SessionRowView[]; t: Translate; locale: string; timeZone: string; showOwner: boolean }) {
  const date = { format: (d: Date | string) => formatListed(d, locale, timeZone) };
  const validations = (r: SessionRowView) => r.validations.map((v) => t(`identityReview.validation_${v}` as MessageKey)).join(", ");
  const result = (r: SessionRowView) => (r.result === null ? t("identityReview.noResult") : t("identityReview.resultValue", { n: r.result }));
  return (
    <div className="overflow-hidden rounded-lg border border-zinc-200 bg-white">
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">{t("identityReview.caption")}</caption>
        <thead className="bg-zinc-50 text-zinc-600">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">{t("identityReview.person")}</th>
            <th scope="col" className="w-32 px-3 py-2 font-medium">{t("identityReview.status")}</th>
            <th scope="col" className="hidden w-24 px-3 py-2 font-medium sm:table-cell">{t("identityReview.result")}</th>
            <th scope="col" className="hidden w-44 px-3 py-2 font-medium lg:table-cell">{t("identityReview.validations")}</th>
            <th scope="col" className="hidden w-40 px-3 py-2 font-medium md:table-cell">{t("identityReview.created")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className="border-t border-zinc-200 align-top" data-testid="session-row">
              <td className="px-3 py-3">
                <Link href={`/dashboard/identity/${r.id}`} className="break-words font-medium text-brand-700 underline-offset-2 hover:underline">
                  {r.name ?? t("identityReview.noName")}
                </Link>
                <span className="block break-all font-mono text-xs text-zinc-600">{r.curp ?? r.id}</span>
                {showOwner && <span className="block truncate text-xs text-zinc-500">{t("identityReview.owner")}: {r.ownerEmail}</span>}
                {/* What the hidden columns say, for narrow screens. */}
                <span className="block text-xs text-zinc-500 lg:hidden">{validations(r)}</span>
                <time dateTime={r.createdAt.toISOString()} className="block text-xs text-zinc-500 md:hidden">{date.format(r.createdAt)}</time>
              </td>
              <td className="px-3 py-3">
                <SessionStatusBadge status={r.status} result={r.result} t={t} />
                <span className="mt-1 block text-xs text-zinc-600 sm:hidden">{result(r)}</span>
              </td>
              <td className="hidden px-3 py-3 sm:table-cell" data-testid="session-result">{result(r)}</td>
              <td className="hidden px-3 py-3 lg:table-cell">{validations(r)}</td>
              <td className="hidden px-3 py-3 md:table-cell"><time dateTime={r.createdAt.toISOString()}>{date.format(r.createdAt)}</time></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
