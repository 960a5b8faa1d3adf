import type { Metadata } from "next";
import { FolderInvitations } from "@/components/folders/folder-invitations";
import { FolderList } from "@/components/folders/folder-list";
import { NewFolderForm } from "@/components/folders/new-folder-form";
import { Card } from "@/components/ui/card";
import { getDb } from "@/lib/db/client";
import { serverTranslate } from "@/lib/i18n/request-locale";
import { listMyFolderInvitations } from "@/lib/services/work-folders/list-folder-invitations";
import { listWorkFolders } from "@/lib/services/work-folders/list-work-folders";
import { requireUser } from "../../require-user";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslate()).t("nav.folders") };
}

export default async function FoldersPage() {
  const { actor } = await requireUser();
  const { locale, t } = await serverTranslate();
  const { items: folders } = await listWorkFolders(getDb(), actor);
  const invitations = await listMyFolderInvitations(getDb(), actor);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t("nav.folders")}</h1>
      <p className="text-sm text-zinc-600">{t("dashboard.foldersLead")}</p>
      <FolderInvitations invitations={invitations.map((i) => ({ id: i.id, folderName: i.folderName, invitedBy: i.invitedBy }))} />
      <FolderList folders={folders.map(({ folder, role }) => ({ ...folder, role }))} t={t} locale={locale} headingLevel={2} />
      <Card title={t("folders.newFolder")}>
        <NewFolderForm />
      </Card>
    </div>
  );
}
