import Link from "next/link";
import { formatListed } from "@/lib/i18n/date-format";
import type { Translate } from "@/lib/i18n/translate";
import type { BULK_SEND_STATUSES } from "@/lib/schemas/templates";

export type BulkSendRowView = {
  id: string;
  createdAt: Date;
  templateName: string | null;
  status: (typeof BULK_SEND_STATUSES)[number];
  totalRows: number;
  createdCount: number;
  failedCount: number;
};

/** Past bulk sends, newest first: when, which template, rows, made, refused, status, and the way to their progress. On a phone the counts move under the template. */
export function BulkSendsTable({ rows, t, locale, timeZone }: { rows: BulkSendRowView[]; t: Translate; locale: string; timeZone: string }) {
  const numbers = (r: BulkSendRowView) => t("templates.bulkNumbers", { total: String(r.totalRows), created: String(r.createdCount), failed: String(r.failedCount) });
  return (
    <div className="overflow-hidden rounded-lg border border-zinc-200 bg-white">
      <table className="w-full table-fixed text-left text-sm" data-testid="bulk-sends">
        <caption className="sr-only">{t("templates.bulkSendsTitle")}</caption>
        <thead className="bg-zinc-50 text-zinc-600">
          <tr>
            <th scope="col" className="w-auto px-3 py-2 font-medium">{t("templates.bulkTemplate")}</th>
            <th scope="col" className="hidden w-48 px-3 py-2 font-medium md:table-cell">{t("templates.bulkDate")}</th>
            <th scope="col" className="hidden w-16 px-3 py-2 text-right font-medium sm:table-cell">{t("templates.bulkRows")}</th>
            <th scope="col" className="hidden w-20 px-3 py-2 text-right font-medium sm:table-cell">{t("templates.bulkCreated")}</th>
            <th scope="col" className="hidden w-24 px-3 py-2 text-right font-medium sm:table-cell">{t("templates.bulkFailed")}</th>
            <th scope="col" className="w-28 px-3 py-2 font-medium">{t("templates.bulkStatus")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className="border-t border-zinc-200 align-top" data-testid="bulk-send-row">
              <td className="px-3 py-3">
                <Link href={`/dashboard/templates/bulk-sends/${r.id}`} className="break-words font-medium text-brand-700 underline-offset-2 hover:underline">
                  {r.templateName ?? t("templates.bulkTemplateDeleted")}
                </Link>
                <time dateTime={r.createdAt.toISOString()} className="block text-xs text-zinc-600 md:hidden">{formatListed(r.createdAt, locale, timeZone)}</time>
                <span className="block text-xs text-zinc-600 sm:hidden">{numbers(r)}</span>
              </td>
              <td className="hidden px-3 py-3 md:table-cell"><time dateTime={r.createdAt.toISOString()}>{formatListed(r.createdAt, locale, timeZone)}</time></td>
              <td className="hidden px-3 py-3 text-right tabular-nums sm:table-cell">{r.totalRows}</td>
              <td className="hidden px-3 py-3 text-right tabular-nums sm:table-cell">{r.createdCount}</td>
              <td className="hidden px-3 py-3 text-right tabular-nums sm:table-cell">{r.failedCount}</td>
              <td className="px-3 py-3" data-status={r.status}>{t(`templates.bulkStatus${r.status}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
