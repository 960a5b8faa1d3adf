import Link from "next/link";
import { FolderList } from "@/components/folders/folder-list";
import { Card } from "@/components/ui/card";
import { getDb } from "@/lib/db/client";
import { serverTranslate } from "@/lib/i18n/request-locale";
import { listWorkFolders } from "@/lib/services/work-folders/list-work-folders";
import { requireUser } from "../require-user";

export default async function DashboardHome() {
  const { user, actor } = await requireUser();
  const { locale, t } = await serverTranslate();
  const { items: folders } = await listWorkFolders(getDb(), actor);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{t("dashboard.welcome", { name: user.name })}</h1>
      <Card title={t("dashboard.foldersTitle")}>
        <p className="mb-4 text-sm text-zinc-600">{t("dashboard.foldersLead")}</p>
        <FolderList folders={folders.map(({ folder, role }) => ({ ...folder, role }))} t={t} locale={locale} />
      </Card>
      <Card title={t("dashboard.nextSteps")}>
        <ol className="list-decimal space-y-1 pl-5 text-sm">
          <li><Link className="text-brand-700 underline" href="/dashboard/settings">{t("dashboard.stepApiKey")}</Link></li>
          <li><a className="text-brand-700 underline" href="/docs">{t("dashboard.stepDocs")}</a></li>
          <li><Link className="text-brand-700 underline" href="/dashboard/outbox">{t("dashboard.stepOutbox")}</Link></li>
        </ol>
      </Card>
    </div>
  );
}
