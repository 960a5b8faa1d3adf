import type { Metadata } from "next";
import Link from "next/link";
import { Card } from "@/components/ui/card";
import { Facts, ValidationDeliveries, ValidationStatusBadge } from "@/components/validations/validation-parts";
import { getDb } from "@/lib/db/client";
import { serverTranslate } from "@/lib/i18n/request-locale";
import { findReceiptValidation } from "@/lib/services/validations/find-receipt-validation";
import { listValidationDeliveries } from "@/lib/services/validations/list-validations";
import { receiptPdfUrl } from "@/lib/services/validations/receipt-validation-view";
import { orNotFound, pageId } from "../../../../or-not-found";
import { requireUser } from "../../../../require-user";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslate()).t("validations.receiptDetail") };
}

export default async function ReceiptValidationPage({ params }: { params: Promise<{ id: string }> }) {
  const id = pageId((await params).id);
  const { actor } = await requireUser();
  const { locale, t } = await serverTranslate();
  const v = await orNotFound(findReceiptValidation(getDb(), actor, id));
  const deliveries = await listValidationDeliveries(getDb(), actor, v);
  const date = new Intl.DateTimeFormat(locale === "es" ? "es-MX" : "en-US", { dateStyle: "medium", timeStyle: "medium", timeZone: "America/Mexico_City" });
  const official = v.outcome?.datos_oficiales;
  // "$1,234.50": pesos with the thousands separator, as a receipt prints them.
  const money = new Intl.NumberFormat(locale === "es" ? "es-MX" : "en-US", { style: "currency", currency: "MXN", currencyDisplay: "narrowSymbol" });
  // A relative link: the signed path works on whatever origin the dashboard is served from.
  const pdf = v.receiptPdfHash ? new URL(receiptPdfUrl(v.id, new Date())) : null;
  return (
    <div className="flex flex-col gap-4">
      <Link href="/dashboard/validations" className="text-sm text-brand-700 hover:underline">← {t("validations.title")}</Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{t("validations.receiptDetail")}</h1>
        <ValidationStatusBadge status={v.status} t={t} />
      </div>
      <Card>
        <Facts
          rows={[
            [t("validations.holder"), v.nombreTitular],
            [t("validations.service"), v.numeroServicio],
            [t("validations.amount"), money.format(Number(v.importe))],
            [t("validations.created"), date.format(v.createdAt)],
            [t("validations.updated"), date.format(v.updatedAt)],
            [t("validations.jobId"), <code key="job" className="text-xs">{v.jobId}</code>],
            [t("validations.webhook"), v.webhook ?? t("validations.noWebhook")],
          ]}
        />
      </Card>
      <Card title={t("validations.result")}>
        {v.status === "pendiente" ? (
          <p className="text-sm text-zinc-600" role="status">{t("validations.pendingNote")}</p>
        ) : (
          <div className="flex flex-col gap-4">
            <Facts
              rows={[
                [t("validations.message"), v.outcome?.mensaje],
                [t("validations.rejection"), v.outcome?.codigo_rechazo],
                [t("validations.error"), v.errorMessage],
              ]}
            />
            {official && (
              <>
                <h3 className="font-semibold">{t("validations.official")}</h3>
                <Facts
                  rows={[
                    [t("validations.holder"), official.titular],
                    [t("validations.address"), official.domicilio],
                    [t("validations.period"), official.periodo],
                    [t("validations.amount"), money.format(Number(official.importe))],
                    [t("validations.receiptState"), official.estado_recibo],
                    [t("validations.dueDate"), official.fecha_limite],
                  ]}
                />
              </>
            )}
            {pdf && (
              <a href={`${pdf.pathname}${pdf.search}`} target="_blank" rel="noreferrer" className="self-start rounded-md bg-brand-700 px-3 py-2 text-sm font-medium text-white hover:bg-brand-800">
                {t("validations.receiptPdf")}
              </a>
            )}
            {v.rawResponse && Object.keys(v.rawResponse).length > 0 && (
              <details>
                <summary className="cursor-pointer text-sm text-zinc-700">{t("validations.rawResponse")}</summary>
                <pre className="mt-2 overflow-x-auto rounded bg-zinc-50 p-3 text-xs">{JSON.stringify(v.rawResponse, null, 2)}</pre>
              </details>
            )}
          </div>
        )}
      </Card>
      <Card title={t("validations.deliveries")}>
        <ValidationDeliveries deliveries={deliveries} t={t} format={(d) => date.format(d)} />
      </Card>
    </div>
  );
}
