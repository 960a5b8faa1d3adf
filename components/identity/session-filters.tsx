import Link from "next/link";
import type { MessageKey, Translate } from "@/lib/i18n/translate";
import type { SessionReviewFilters } from "@/lib/schemas/identity-review";

const STATUSES = ["OPEN", "VERIFYING", "FINISHED", "FAILED"] as const;
const control = "min-h-10 w-full min-w-0 rounded-md border border-zinc-300 bg-white px-3 text-base";

/** A plain GET form: works before hydration, and the filters stay in the address to share or reload. */
export function SessionFilters({ filters, t }: { filters: SessionReviewFilters; t: Translate }) {
  const any = Boolean(filters.status || filters.from || filters.to || filters.q);
  return (
    <form method="get" role="search" aria-label={t("identityReview.filters")} className="grid grid-cols-2 gap-3 rounded-lg border border-zinc-200 bg-white p-4 lg:grid-cols-[2fr_1fr_1fr_1fr_auto]">
      <div className="col-span-2 flex flex-col gap-1 lg:col-span-1">
        <label htmlFor="session-q" className="text-sm font-medium">{t("identityReview.search")}</label>
        <input id="session-q" name="q" type="search" defaultValue={filters.q ?? ""} maxLength={100} aria-describedby="session-q-hint" className={control} />
        <p id="session-q-hint" className="text-xs text-zinc-500">{t("identityReview.searchHint")}</p>
      </div>
      <div className="col-span-2 flex flex-col gap-1 lg:col-span-1 lg:self-start">
        <label htmlFor="session-status" className="text-sm font-medium">{t("identityReview.status")}</label>
        <select id="session-status" name="status" defaultValue={filters.status ?? ""} className={control}>
          <option value="">{t("identityReview.anyStatus")}</option>
          {STATUSES.map((s) => <option key={s} value={s}>{t(`identityReview.status_${s}` as MessageKey)}</option>)}
        </select>
      </div>
      <div className="flex min-w-0 flex-col gap-1 lg:self-start">
        <label htmlFor="session-from" className="text-sm font-medium">{t("identityReview.from")}</label>
        <input id="session-from" name="from" type="date" defaultValue={filters.from ?? ""} className={control} />
      </div>
      <div className="flex min-w-0 flex-col gap-1 lg:self-start">
        <label htmlFor="session-to" className="text-sm font-medium">{t("identityReview.to")}</label>
        <input id="session-to" name="to" type="date" defaultValue={filters.to ?? ""} className={control} />
      </div>
      <div className="col-span-2 flex flex-wrap items-center gap-3 lg:col-span-1 lg:self-start lg:pt-6">
        <button type="submit" className="min-h-10 rounded-md bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800">{t("identityReview.apply")}</button>
        {any && <Link href="/dashboard/identity" className="text-sm text-brand-700 underline">{t("identityReview.clear")}</Link>}
      </div>
    </form>
  );
}
