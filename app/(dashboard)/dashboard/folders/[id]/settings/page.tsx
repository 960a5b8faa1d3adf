import type { Metadata } from "next";
import Link from "next/link";
import { DeleteFolder } from "@/components/folders/delete-folder";
import { logoSrc } from "@/components/folders/folder-logo";
import { FolderMembers } from "@/components/folders/folder-members";
import { FolderSettingsForm } from "@/components/folders/folder-settings-form";
import { Card } from "@/components/ui/card";
import { getDb } from "@/lib/db/client";
import { serverTranslate } from "@/lib/i18n/request-locale";
import { listFolderMembers } from "@/lib/services/work-folders/folder-members";
import { findWorkFolder } from "@/lib/services/work-folders/find-work-folder";
import { listFolderInvitations } from "@/lib/services/work-folders/list-folder-invitations";
import { orNotFound, pageId } from "../../../../or-not-found";
import { requireUser } from "../../../../require-user";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslate()).t("folders.settings") };
}

export default async function FolderSettingsPage({ params }: { params: Promise<{ id: string }> }) {
  const { actor } = await requireUser();
  const { t } = await serverTranslate();
  const id = pageId((await params).id);
  const { folder, role } = await orNotFound(findWorkFolder(getDb(), actor, id));
  const members = await listFolderMembers(getDb(), actor, id);
  const isOwner = role === "owner";
  const invitations = isOwner ? await listFolderInvitations(getDb(), actor, id) : [];
  const logo = logoSrc(folder.logo);
  return (
    <div className="flex flex-col gap-6">
      <Link href={`/dashboard/folders/${id}`} className="self-start text-sm text-brand-700 underline">← {folder.name}</Link>
      <h1 className="break-words text-2xl font-semibold">{t("folders.settingsOf", { name: folder.name })}</h1>
      <Card title={t("folders.details")}>
        {isOwner ? (
          <FolderSettingsForm folder={{ id, name: folder.name, rfc: folder.rfc, logo: folder.logo, timeZone: folder.timeZone }} />
        ) : (
          <div className="flex flex-col gap-2 text-sm">
            <p className="text-zinc-600">{t("folders.onlyOwner")}</p>
            {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL */}
            {logo && <img src={logo} alt={t("folders.logoAlt", { name: folder.name })} className="h-16 w-auto self-start object-contain" />}
            <p>{t("folders.name")}: {folder.name}</p>
            {folder.rfc && <p>RFC: {folder.rfc}</p>}
            <p>{t("dashboard.timeZone")}: {folder.timeZone}</p>
          </div>
        )}
      </Card>
      <Card title={t("members.title")}>
        <FolderMembers folderId={id} isOwner={isOwner} invitations={invitations.map((i) => ({ id: i.id, email: i.email }))} me={actor.userId} members={members.map((m) => ({ userId: m.userId, name: m.name, email: m.email, role: m.role }))} />
      </Card>
      {isOwner && !folder.isDefault && (
        <Card title={t("folders.delete")}>
          <DeleteFolder folderId={id} name={folder.name} />
        </Card>
      )}
    </div>
  );
}
