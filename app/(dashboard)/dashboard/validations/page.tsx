import type { Metadata } from "next";
import Link from "next/link";
import { Card } from "@/components/ui/card";
import { ineBadgeStatus, ValidationStatusBadge } from "@/components/validations/validation-parts";
import { getDb } from "@/lib/db/client";
import { serverTranslate } from "@/lib/i18n/request-locale";
import { listValidations } from "@/lib/services/validations/list-validations";
import { requireUser } from "../../require-user";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslate()).t("validations.title") };
}

export default async function ValidationsPage() {
  const { actor } = await requireUser();
  const { locale, t } = await serverTranslate();
  const { receipts, ines } = await listValidations(getDb(), actor);
  const date = new Intl.DateTimeFormat(locale === "es" ? "es-MX" : "en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "America/Mexico_City" });
  const admin = actor.role === "admin";
  const rowClass = "flex flex-col gap-1 p-3 hover:bg-zinc-50 sm:flex-row sm:items-center sm:justify-between";
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t("validations.title")}</h1>
      <p className="text-sm text-zinc-600">{t("validations.lead")}</p>
      {receipts.length === 0 && ines.length === 0 && <p className="text-sm text-zinc-500">{t("validations.empty")}</p>}
      {receipts.length > 0 && (
        <Card title={t("validations.receiptsTitle")}>
          <ul className="-mx-3 divide-y divide-zinc-200">
            {receipts.map(({ validation: v, ownerEmail }) => (
              <li key={v.id}>
                <Link href={`/dashboard/validations/receipts/${v.id}`} className={rowClass} data-testid="receipt-validation-row">
                  <span className="min-w-0">
                    <span className="block truncate font-medium">{v.nombreTitular}</span>
                    <span className="block text-sm text-zinc-600">
                      {t("validations.service")} {v.numeroServicio} · ${v.importe}
                      {admin && ` · ${ownerEmail}`}
                    </span>
                  </span>
                  <span className="flex shrink-0 items-center gap-2 text-sm text-zinc-600">
                    <ValidationStatusBadge status={v.status} t={t} />
                    <time dateTime={v.createdAt.toISOString()}>{date.format(v.createdAt)}</time>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      )}
      {ines.length > 0 && (
        <Card title={t("validations.inesTitle")}>
          <ul className="-mx-3 divide-y divide-zinc-200">
            {ines.map(({ validation: v, ownerEmail }) => (
              <li key={v.id}>
                <Link href={`/dashboard/validations/ine/${v.id}`} className={rowClass} data-testid="ine-validation-row">
                  <span className="min-w-0">
                    <span className="block truncate font-medium">{v.card.cic ? `CIC ${v.card.cic}` : v.card.clave_elector}</span>
                    <span className="block text-sm text-zinc-600">
                      {v.result ? v.result.data.message : t("validations.pendingNote")}
                      {admin && ` · ${ownerEmail}`}
                    </span>
                  </span>
                  <span className="flex shrink-0 items-center gap-2 text-sm text-zinc-600">
                    <ValidationStatusBadge status={ineBadgeStatus(v)} t={t} />
                    <time dateTime={v.createdAt.toISOString()}>{date.format(v.createdAt)}</time>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}
