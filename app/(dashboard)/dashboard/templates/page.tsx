import type { Metadata } from "next";
import Link from "next/link";
import { BulkSendsTable } from "@/components/templates/bulk-sends-table";
import { getDb } from "@/lib/db/client";
import { serverTranslate } from "@/lib/i18n/request-locale";
import { listBulkSends } from "@/lib/services/bulk-sends/list-bulk-sends";
import { listTemplates } from "@/lib/services/templates/list-templates";
import { requireUser } from "../../require-user";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslate()).t("templates.title") };
}

export default async function TemplatesPage() {
  const { actor } = await requireUser();
  const { t, locale } = await serverTranslate();
  const [{ items }, sends] = await Promise.all([listTemplates(getDb(), actor, { size: 100 }), listBulkSends(getDb(), actor)]);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t("templates.title")}</h1>
      <p className="text-sm text-zinc-600">{t("templates.lead")}</p>
      {items.length === 0 ? (
        <p className="text-sm text-zinc-600">{t("templates.empty")}</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="templates">
          {items.map((tpl) => (
            <li key={tpl.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-zinc-200 bg-white p-3">
              <div>
                <p className="font-medium">{tpl.name}</p>
                <p className="text-xs text-zinc-600">{t("templates.summary", { roles: tpl.roles.map((r) => r.label).join(", "), pages: String(tpl.pageCount) })}</p>
              </div>
              <Link href={`/dashboard/templates/${tpl.id}`} className="rounded-md bg-brand-700 px-3 py-2 text-sm font-medium text-white hover:bg-brand-800">{t("templates.use")}</Link>
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="bulk-sends-title" className="mt-4 flex flex-col gap-2">
        <h2 id="bulk-sends-title" className="text-lg font-semibold">{t("templates.bulkSendsTitle")}</h2>
        {sends.length === 0 ? (
          <p className="text-sm text-zinc-600">{t("templates.bulkSendsEmpty")}</p>
        ) : (
          <>
            <p className="text-sm text-zinc-600">{t("templates.bulkSendsLead")}</p>
            <BulkSendsTable rows={sends} t={t} locale={locale} timeZone="America/Mexico_City" />
          </>
        )}
      </section>
    </div>
  );
}
