import Link from "next/link";
import type { Translate } from "@/lib/i18n/translate";
import { formatDay, timeZoneLabel } from "@/lib/i18n/date-format";

export type FolderRow = { id: string; name: string; rfc: string | null; timeZone: string; isDefault: boolean; role: "owner" | "invited"; createdAt: Date };

/**
 * `headingLevel`: each folder's name is a heading one level under the list's own: h3 under the
 * dashboard's "Tus carpetas" card (h2), h2 on the folders page, straight under its h1 (a skipped
 * level is what axe's heading-order reports: screen-reader users move by headings).
 */
export function FolderList({ folders, t, locale, headingLevel = 3 }: { folders: FolderRow[]; t: Translate; locale: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const date = { format: (d: Date) => formatDay(d, locale, "America/Mexico_City") };
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label={t("dashboard.foldersTitle")}>
      {folders.map((f) => (
        <li key={f.id} className="relative rounded-lg border border-zinc-200 bg-white p-4 focus-within:ring-2 focus-within:ring-brand-600 hover:border-zinc-400" data-testid="folder">
          <div className="flex items-start justify-between gap-2">
            <Heading className="min-w-0 break-words text-base font-semibold">
              {/* The link covers the card (after:inset-0): one tab stop, the whole card clickable. */}
              <Link href={`/dashboard/folders/${f.id}`} className="text-brand-700 underline-offset-2 outline-none after:absolute after:inset-0 hover:underline">
                {f.name}
              </Link>
            </Heading>
            <span className="shrink-0 rounded-full bg-zinc-100 px-2 py-0.5 text-xs text-zinc-700">{f.role === "owner" ? t("dashboard.roleOwner") : t("dashboard.roleInvited")}</span>
          </div>
          {f.isDefault && <p className="mt-1 text-xs text-brand-700">{t("dashboard.defaultFolder")}</p>}
          {f.rfc && <p className="mt-1 text-sm text-zinc-600">RFC: {f.rfc}</p>}
          <p className="mt-2 text-sm text-zinc-600">{t("dashboard.timeZone")}: {timeZoneLabel(f.timeZone, t)}</p>
          <p className="text-sm text-zinc-600">{t("dashboard.createdAt", { date: date.format(f.createdAt) })}</p>
        </li>
      ))}
    </ul>
  );
}
