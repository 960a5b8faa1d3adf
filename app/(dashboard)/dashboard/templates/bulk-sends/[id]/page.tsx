import type { Metadata } from "next";
import Link from "next/link";
import { BulkSendProgress } from "@/components/templates/bulk-send-progress";
import { getDb } from "@/lib/db/client";
import { bulkSendResource } from "@/lib/http/template-resources";
import { formatListed } from "@/lib/i18n/date-format";
import { serverTranslate } from "@/lib/i18n/request-locale";
import { findBulkSend } from "@/lib/services/bulk-sends/find-bulk-send";
import { findTemplate } from "@/lib/services/templates/find-template";
import { orNotFound, pageId } from "../../../../or-not-found";
import { requireUser } from "../../../../require-user";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslate()).t("templates.bulkProgress") };
}

/** One past bulk send from the list under Plantillas: its progress (live while it runs) and the refused rows. Another account's is "not found". */
export default async function BulkSendPage({ params }: { params: Promise<{ id: string }> }) {
  const { actor } = await requireUser();
  const { t, locale } = await serverTranslate();
  const id = pageId((await params).id);
  const { send, rows } = await orNotFound(findBulkSend(getDb(), actor, id, { status: "FAILED", size: 100 }));
  const template = send.templateId ? await findTemplate(getDb(), actor, send.templateId).catch(() => null) : null;
  const resource = bulkSendResource(send, rows);
  return (
    <div className="flex flex-col gap-4">
      <Link href="/dashboard/templates" className="self-start text-sm text-brand-700 underline">← {t("templates.title")}</Link>
      <h1 className="text-2xl font-semibold">{t("templates.bulkSendHeading", { template: template?.name ?? t("templates.bulkTemplateDeleted") })}</h1>
      <p className="text-sm text-zinc-600">{t("templates.bulkSendStarted", { date: formatListed(send.createdAt, locale, "America/Mexico_City") })}</p>
      <BulkSendProgress initial={resource} initialRefused={resource.rows} />
    </div>
  );
}
