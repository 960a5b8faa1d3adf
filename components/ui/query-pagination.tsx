import Link from "next/link";
import type { Translate } from "@/lib/i18n/translate";

/** Previous/next links that keep every filter of the address; pages count from 1. */
export function QueryPagination({ basePath, query, page, perPage, total, t }: { basePath: string; query: Record<string, string | undefined>; page: number; perPage: number; total: number; t: Translate }) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  const href = (p: number) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v) q.set(k, v);
    if (p > 1) q.set("page", String(p));
    const qs = q.toString();
    return qs ? `${basePath}?${qs}` : basePath;
  };
  const link = "inline-flex min-h-10 items-center rounded-md border border-zinc-300 bg-white px-3 text-sm hover:bg-zinc-100";
  const off = "inline-flex min-h-10 items-center rounded-md border border-zinc-200 px-3 text-sm text-zinc-400";
  return (
    <nav aria-label={t("documents.pagination")} className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-zinc-600">{t("documents.pageOf", { page: Math.min(page, pages), pages, total })}</p>
      <div className="flex gap-2">
        {page > 1 ? <Link className={link} href={href(Math.min(page, pages) - 1)} rel="prev">{t("documents.previous")}</Link> : <span className={off} aria-disabled="true">{t("documents.previous")}</span>}
        {page < pages ? <Link className={link} href={href(page + 1)} rel="next">{t("documents.next")}</Link> : <span className={off} aria-disabled="true">{t("documents.next")}</span>}
      </div>
    </nav>
  );
}
