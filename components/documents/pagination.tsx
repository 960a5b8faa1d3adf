import { QueryPagination } from "@/components/ui/query-pagination";
import type { Translate } from "@/lib/i18n/translate";

/** Previous/next links that keep the search and page size; pages count from 1 in the address. */
export function Pagination({ basePath, page, size, total, search, t }: { basePath: string; page: number; size: number; total: number; search?: string; t: Translate }) {
  return <QueryPagination basePath={basePath} query={{ size: size !== 20 ? String(size) : undefined, search }} page={page} perPage={size} total={total} t={t} />;
}
