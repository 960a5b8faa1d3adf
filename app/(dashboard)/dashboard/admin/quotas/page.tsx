import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { QuotaForm } from "@/components/quotas/quota-form";
import { QueryPagination } from "@/components/ui/query-pagination";
import { getDb } from "@/lib/db/client";
import { serverTranslate } from "@/lib/i18n/request-locale";
import { userQuotaFilters } from "@/lib/schemas/identity-review";
import { listUserQuotas } from "@/lib/services/quota/list-user-quotas";
import { defaultAccountQuotas } from "@/lib/services/quota/spend-account-quota";
import { requireUser } from "../../../require-user";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslate()).t("quotas.title") };
}

/** Admins only: to anyone else this page does not exist (as a foreign resource is "not found"). */
export default async function QuotasPage({ searchParams }: Props) {
  const { actor } = await requireUser();
  if (actor.role !== "admin") notFound();
  const { t } = await serverTranslate();
  const filters = userQuotaFilters.parse(await searchParams);
  const list = await listUserQuotas(getDb(), actor, filters);
  const defaults = defaultAccountQuotas();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t("quotas.title")}</h1>
      <p className="text-sm text-zinc-600">{t("quotas.lead")}</p>
      <form method="get" role="search" className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor="quota-search" className="text-sm font-medium">{t("quotas.search")}</label>
          <input id="quota-search" name="q" type="search" defaultValue={filters.q ?? ""} maxLength={100} className="min-h-10 rounded-md border border-zinc-300 bg-white px-3 text-base" />
        </div>
        <button type="submit" className="min-h-10 self-start rounded-md border border-zinc-300 bg-white px-4 text-sm font-medium hover:bg-zinc-100 sm:self-end">{t("quotas.searchButton")}</button>
      </form>
      {list.rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-zinc-300 bg-white p-6 text-center text-sm text-zinc-600" role="status">{t("quotas.empty")}</p>
      ) : (
        <div className="overflow-hidden rounded-lg border border-zinc-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("quotas.caption")}</caption>
            <thead className="bg-zinc-50 text-zinc-600">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">{t("quotas.user")}</th>
                <th scope="col" className="hidden w-28 px-3 py-2 text-right font-medium sm:table-cell">{t("quotas.left")}</th>
                <th scope="col" className="w-44 px-3 py-2 font-medium sm:w-48">{t("quotas.setTitle")}</th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((u) => (
                <tr key={u.id} className="border-t border-zinc-200 align-top" data-testid="quota-row">
                  <th scope="row" className="min-w-0 px-3 py-3 font-normal">
                    <span className="block break-words font-medium">{u.name}</span>
                    <span className="block break-all text-xs text-zinc-600">{u.email}</span>
                    {/* The hidden column's number, for narrow screens. */}
                    <span className="mt-1 block text-sm sm:hidden">
                      {t("quotas.left")}: <strong className="tabular-nums">{u.transactions}</strong>
                    </span>
                    {u.role === "admin" && <span className="mt-1 inline-block rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-800">{t("quotas.role_admin")}</span>}
                  </th>
                  <td className="hidden px-3 py-3 text-right font-mono text-base tabular-nums sm:table-cell" data-testid="quota-left">{u.transactions}</td>
                  <td className="px-3 py-3"><QuotaForm userId={u.id} email={u.email} transactions={u.transactions} perPeriod={{ documents: u.documentQuota, notices: u.noticeQuota }} defaults={defaults} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.total > list.perPage && <QueryPagination basePath="/dashboard/admin/quotas" query={{ q: filters.q }} page={list.page} perPage={list.perPage} total={list.total} t={t} />}
    </div>
  );
}
