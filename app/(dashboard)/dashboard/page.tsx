import Link from "next/link";
import { FolderInvitations } from "@/components/folders/folder-invitations";
import { FolderList } from "@/components/folders/folder-list";
import { Card } from "@/components/ui/card";
import { getDb } from "@/lib/db/client";
import { serverTranslate } from "@/lib/i18n/request-locale";
import { listRecentDocuments } from "@/lib/services/documents/list-recent-documents";
import { listMyFolderInvitations } from "@/lib/services/work-folders/list-folder-invitations";
import { listWorkFolders } from "@/lib/services/work-folders/list-work-folders";
import { requireUser } from "../require-user";

export default async function DashboardHome() {
  const { user, actor } = await requireUser();
  const { locale, t } = await serverTranslate();
  const { items: folders } = await listWorkFolders(getDb(), actor);
  const hasDocuments = (await listRecentDocuments(getDb(), actor, { limit: 1 })).length > 0;
  const invitations = await listMyFolderInvitations(getDb(), actor);
  // Uploading goes to «mis documentos» (the default folder) unless the person picks another.
  const home = folders.find(({ folder }) => folder.isDefault)?.folder ?? folders[0]?.folder;
  const upload = home ? `/dashboard/folders/${home.id}/upload` : "/dashboard/folders";
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("dashboard.welcome", { name: user.name })}</h1>
        {hasDocuments && (
          <Link href={upload} className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-4 font-medium text-white hover:bg-brand-800">{t("dashboard.uploadDocument")}</Link>
        )}
      </div>
      <FolderInvitations invitations={invitations.map((i) => ({ id: i.id, folderName: i.folderName, invitedBy: i.invitedBy }))} />
      {!hasDocuments && (
        <section aria-labelledby="first-document" className="rounded-lg border border-brand-700/20 bg-brand-50 p-5" data-testid="first-run">
          <h2 id="first-document" className="text-xl font-semibold">{t("dashboard.firstDocumentTitle")}</h2>
          <ol className="mt-3 list-decimal space-y-1 pl-5 text-zinc-800">
            <li>{t("dashboard.firstStepUpload")}</li>
            <li>{t("dashboard.firstStepSigners")}</li>
            <li>{t("dashboard.firstStepSend")}</li>
          </ol>
          <Link href={upload} className="mt-4 inline-flex min-h-11 items-center rounded-md bg-brand-700 px-5 font-medium text-white hover:bg-brand-800">{t("dashboard.firstDocumentAction")}</Link>
        </section>
      )}
      <Card title={t("dashboard.foldersTitle")}>
        <p className="mb-4 text-sm text-zinc-600">{t("dashboard.foldersLead")}</p>
        <FolderList folders={folders.map(({ folder, role }) => ({ ...folder, role }))} t={t} locale={locale} />
      </Card>
      <Card title={t("dashboard.developersTitle")}>
        <p className="mb-2 text-sm text-zinc-600">{t("dashboard.developersLead")}</p>
        <ul className="list-disc space-y-1 pl-5 text-sm">
          <li><Link className="text-brand-700 underline" href="/dashboard/settings">{t("dashboard.stepApiKey")}</Link></li>
          <li><a className="text-brand-700 underline" href="/docs">{t("dashboard.stepDocs")}</a></li>
          <li><Link className="text-brand-700 underline" href="/dashboard/outbox">{t("dashboard.stepOutbox")}</Link></li>
        </ul>
      </Card>
    </div>
  );
}
