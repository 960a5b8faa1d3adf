import Link from "next/link";
import type { Translate } from "@/lib/i18n/translate";
import type { DOCUMENT_STATUS_NAMES } from "@/lib/schemas/signing";
import { DocumentStatusBadge } from "./status-badge";
import { formatListed } from "@/lib/i18n/date-format";

export type DocumentRowView = {
  id: string;
  fileName: string;
  status: (typeof DOCUMENT_STATUS_NAMES)[number];
  signed: number;
  signers: number;
  createdAt: Date;
  folder?: { id: string; name: string };
};

/** Documents with status and signing progress; on a phone the date moves under the name. */
export function DocumentsTable({ rows, t, locale, timeZone, caption }: { rows: DocumentRowView[]; t: Translate; locale: string; timeZone: string; caption: string }) {
  const date = { format: (d: Date | string) => formatListed(d, locale, timeZone) };
  const showFolder = rows.some((r) => r.folder);
  return (
    <div className="overflow-hidden rounded-lg border border-zinc-200 bg-white">
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-zinc-50 text-zinc-600">
          <tr>
            <th scope="col" className="w-auto px-3 py-2 font-medium">{t("documents.fileName")}</th>
            <th scope="col" className="w-28 px-3 py-2 font-medium sm:w-32">{t("documents.status")}</th>
            <th scope="col" className="hidden w-36 px-3 py-2 font-medium sm:table-cell">{t("documents.signers")}</th>
            <th scope="col" className="hidden w-44 px-3 py-2 font-medium md:table-cell">{t("documents.created")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className="border-t border-zinc-200 align-top" data-testid="document-row">
              <td className="px-3 py-3">
                <Link href={`/dashboard/documents/${r.id}`} className="break-words font-medium text-brand-700 underline-offset-2 hover:underline">{r.fileName}</Link>
                {showFolder && r.folder && <span className="block truncate text-xs text-zinc-500">{r.folder.name}</span>}
                {/* What the hidden columns say, for narrow screens. */}
                <span className="block text-xs text-zinc-500 sm:hidden">{t("documents.progress", { signed: r.signed, total: r.signers })}</span>
                <time dateTime={r.createdAt.toISOString()} className="block text-xs text-zinc-500 md:hidden">{date.format(r.createdAt)}</time>
              </td>
              <td className="px-3 py-3"><DocumentStatusBadge status={r.status} t={t} /></td>
              <td className="hidden px-3 py-3 sm:table-cell" data-testid="signing-progress">{t("documents.progress", { signed: r.signed, total: r.signers })}</td>
              <td className="hidden px-3 py-3 md:table-cell"><time dateTime={r.createdAt.toISOString()}>{date.format(r.createdAt)}</time></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
