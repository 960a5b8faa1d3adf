import type { Metadata } from "next";
import Link from "next/link";
import { DocumentsTable } from "@/components/documents/documents-table";
import { Card } from "@/components/ui/card";
import { getDb } from "@/lib/db/client";
import { serverTranslate } from "@/lib/i18n/request-locale";
import { DOCUMENT_STATUS_NAMES } from "@/lib/schemas/signing";
import { listRecentDocuments } from "@/lib/services/documents/list-recent-documents";
import { requireUser } from "../../require-user";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslate()).t("dashboard.documentsTitle") };
}

/** The newest documents of every folder; each folder's page has the full, searchable list. */
export default async function DocumentsPage() {
  const { actor } = await requireUser();
  const { locale, t } = await serverTranslate();
  const recent = await listRecentDocuments(getDb(), actor, { limit: 20 });
  const rows = recent.map((v) => ({
    id: v.document.id,
    fileName: v.document.fileName,
    status: DOCUMENT_STATUS_NAMES[v.document.signStatus]!,
    signed: v.signatories.filter((s) => s.signStatus === "SIGNED").length,
    signers: v.signatories.length,
    createdAt: v.document.createdAt,
    folder: { id: v.document.folderId, name: v.folderName },
  }));
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t("dashboard.documentsTitle")}</h1>
      <p className="text-sm text-zinc-600">{t("documents.recentLead")}</p>
      {rows.length === 0 ? (
        <Card>
          <p className="text-sm text-zinc-600">
            {t("dashboard.documentsEmpty")} <Link className="font-medium text-brand-700 underline" href="/dashboard/folders">{t("documents.goToFolders")}</Link>
          </p>
        </Card>
      ) : (
        <DocumentsTable rows={rows} t={t} locale={locale} timeZone="America/Mexico_City" caption={t("documents.recent")} />
      )}
    </div>
  );
}
