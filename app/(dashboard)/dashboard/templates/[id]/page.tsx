import type { Metadata } from "next";
import Link from "next/link";
import { BulkSendForm } from "@/components/templates/bulk-send-form";
import { UseTemplateForm } from "@/components/templates/use-template-form";
import { getDb } from "@/lib/db/client";
import { serverTranslate } from "@/lib/i18n/request-locale";
import { findTemplate } from "@/lib/services/templates/find-template";
import { listWorkFolders } from "@/lib/services/work-folders/list-work-folders";
import { orNotFound, pageId } from "../../../or-not-found";
import { requireUser } from "../../../require-user";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslate()).t("templates.use") };
}

/** «Usar plantilla»: one document with a person per role, or many from a CSV (bulk send). */
export default async function UseTemplatePage({ params }: { params: Promise<{ id: string }> }) {
  const { actor } = await requireUser();
  const { t } = await serverTranslate();
  const id = pageId((await params).id);
  const template = await orNotFound(findTemplate(getDb(), actor, id));
  const { items } = await listWorkFolders(getDb(), actor);
  const folders = items.map(({ folder }) => ({ id: folder.id, name: folder.name }));
  const roles = template.roles.map((r) => ({ key: r.key, label: r.label, rfc: r.rfc }));
  return (
    <div className="flex flex-col gap-6">
      <Link href="/dashboard/templates" className="self-start text-sm text-brand-700 underline">← {t("templates.title")}</Link>
      <h1 className="text-2xl font-semibold">{template.name}</h1>
      <UseTemplateForm templateId={id} roles={roles} folders={folders} />
      <BulkSendForm templateId={id} roles={roles} folders={folders} />
    </div>
  );
}
