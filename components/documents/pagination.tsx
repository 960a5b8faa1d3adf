import Link from "next/link";
import type { Translate } from "@/lib/i18n/translate";

/** Previous/next links that keep the search and page size; pages count from 1 in the address. */
export function Pagination({ basePath, page, size, total, search, t }: { basePath: string; page: number; size: number; total: number; search?: string; t: Translate }) {
  const pages = Math.max(1, Math.ceil(total / size));
  const href = (p: number) => {
    const q = new URLSearchParams();
    if (p > 1) q.set("page", String(p));
    if (size !== 20) q.set("size", String(size));
    if (search) q.set("search", search);
    const qs = q.toString();
    return qs ? `${basePath}?${qs}` : basePath;
  };
  const link = "inline-flex min-h-10 items-center rounded-md border border-zinc-300 bg-white px-3 text-sm hover:bg-zinc-100";
  const off = "inline-flex min-h-10 items-center rounded-md border border-zinc-200 px-3 text-sm text-zinc-400";
  return (
    <nav aria-label={t("documents.pagination")} className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-zinc-600">{t("documents.pageOf", { page: Math.min(page, pages), pages, total })}</p>
      <div className="flex gap-2">
        {page > 1 ? <Link className={link} href={href(page - 1)} rel="prev">{t("documents.previous")}</Link> : <span className={off} aria-disabled="true">{t("documents.previous")}</span>}
        {page < pages ? <Link className={link} href={href(page + 1)} rel="next">{t("documents.next")}</Link> : <span className={off} aria-disabled="true">{t("documents.next")}</span>}
      </div>
    </nav>
  );
}
