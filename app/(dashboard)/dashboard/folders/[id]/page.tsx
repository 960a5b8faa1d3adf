import type { Metadata } from "next";
import Link from "next/link";
import { DocumentsTable } from "@/components/documents/documents-table";
import { Pagination } from "@/components/documents/pagination";
import { getDb } from "@/lib/db/client";
import { serverTranslate } from "@/lib/i18n/request-locale";
import { DOCUMENT_STATUS_NAMES } from "@/lib/schemas/signing";
import { listFolderDocuments } from "@/lib/services/documents/list-folder-documents";
import { findWorkFolder } from "@/lib/services/work-folders/find-work-folder";
import { orNotFound, pageId } from "../../../or-not-found";
import { requireUser } from "../../../require-user";
import { timeZoneLabel } from "@/lib/i18n/date-format";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const SIZES = [10, 20, 50];
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { actor } = await requireUser();
  const { folder } = await orNotFound(findWorkFolder(getDb(), actor, pageId((await params).id)));
  return { title: folder.name };
}

export default async function FolderPage({ params, searchParams }: Props) {
  const { actor } = await requireUser();
  const { locale, t } = await serverTranslate();
  const id = pageId((await params).id);
  const query = await searchParams;
  const page = Math.max(1, Math.floor(Number(one(query.page)) || 1));
  const size = SIZES.includes(Number(one(query.size))) ? Number(one(query.size)) : 20;
  const search = (one(query.search) ?? "").trim().slice(0, 200);

  const { folder, role } = await orNotFound(findWorkFolder(getDb(), actor, id));
  const list = await listFolderDocuments(getDb(), actor, id, { page: page - 1, size, search: search || undefined });
  const rows = list.items.map((v) => ({
    id: v.document.id,
    fileName: v.document.fileName,
    status: DOCUMENT_STATUS_NAMES[v.document.signStatus]!,
    signed: v.signatories.filter((s) => s.signStatus === "SIGNED").length,
    signers: v.signatories.length,
    createdAt: v.document.createdAt,
  }));

  return (
    <div className="flex flex-col gap-4">
      <Link href="/dashboard/folders" className="self-start text-sm text-brand-700 underline">← {t("nav.folders")}</Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-semibold">{folder.name}</h1>
          <p className="text-sm text-zinc-600">
            {role === "owner" ? t("dashboard.roleOwner") : t("dashboard.roleInvited")} · {t("dashboard.timeZone")}: {timeZoneLabel(folder.timeZone, t)}
            {folder.rfc ? ` · RFC ${folder.rfc}` : ""}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link href={`/dashboard/folders/${id}/upload`} className="inline-flex min-h-10 items-center rounded-md bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800">{t("folders.upload")}</Link>
          <Link href={`/dashboard/folders/${id}/settings`} className="inline-flex min-h-10 items-center rounded-md border border-zinc-300 bg-white px-4 text-sm font-medium hover:bg-zinc-100">{t("folders.settings")}</Link>
        </div>
      </div>

      {/* A plain GET form: works before hydration and keeps the search in the address. */}
      <form method="get" role="search" className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor="document-search" className="text-sm font-medium">{t("documents.search")}</label>
          <input id="document-search" name="search" type="search" defaultValue={search} className="min-h-10 rounded-md border border-zinc-300 bg-white px-3 text-base" />
        </div>
        <div className="flex gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor="document-size" className="text-sm font-medium">{t("documents.perPage")}</label>
            <select id="document-size" name="size" defaultValue={String(size)} className="min-h-10 rounded-md border border-zinc-300 bg-white px-3">
              {SIZES.map((n) => <option key={n} value={n}>{n}</option>)}
            </select>
          </div>
          <button type="submit" className="min-h-10 self-end rounded-md border border-zinc-300 bg-white px-4 text-sm font-medium hover:bg-zinc-100">{t("documents.searchButton")}</button>
        </div>
      </form>

      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-zinc-300 bg-white p-6 text-center text-sm text-zinc-600">
          {search ? t("documents.noMatches", { search }) : t("documents.emptyFolder")}
        </p>
      ) : (
        <DocumentsTable rows={rows} t={t} locale={locale} timeZone={folder.timeZone} caption={t("documents.inFolder", { name: folder.name })} />
      )}
      {list.totalItems > 0 && <Pagination basePath={`/dashboard/folders/${id}`} page={page} size={size} total={list.totalItems} search={search || undefined} t={t} />}
    </div>
  );
}
