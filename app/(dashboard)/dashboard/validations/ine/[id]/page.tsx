import type { Metadata } from "next";
import Link from "next/link";
import { Card } from "@/components/ui/card";
import { Facts, ineBadgeStatus, ValidationDeliveries, ValidationStatusBadge } from "@/components/validations/validation-parts";
import { getDb } from "@/lib/db/client";
import { serverTranslate } from "@/lib/i18n/request-locale";
import { findIneValidation } from "@/lib/services/validations/find-ine-validation";
import { listValidationDeliveries } from "@/lib/services/validations/list-validations";
import { orNotFound, pageId } from "../../../../or-not-found";
import { requireUser } from "../../../../require-user";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslate()).t("validations.ineDetail") };
}

export default async function IneValidationPage({ params }: { params: Promise<{ id: string }> }) {
  const id = pageId((await params).id);
  const { actor } = await requireUser();
  const { locale, t } = await serverTranslate();
  const v = await orNotFound(findIneValidation(getDb(), actor, id));
  const deliveries = await listValidationDeliveries(getDb(), actor, v);
  const date = new Intl.DateTimeFormat(locale === "es" ? "es-MX" : "en-US", { dateStyle: "medium", timeStyle: "medium", timeZone: "America/Mexico_City" });
  const info = v.result?.data.documentInformation ?? {};
  // Queued card data keep the MRZ under dataOcr.mrz; card photos (full-ine-check.ts) in the MRZ check's input fields.
  const checks = (info.documentVerifications ?? []) as { key: string | null; inputFields?: { value: string }[] }[];
  const mrz = (v.result?.data.dataOcr.mrz as string[] | undefined) ?? checks.find((c) => c.key === "MrzHasInvalidCharacters")?.inputFields?.map((f) => f.value);
  return (
    <div className="flex flex-col gap-4">
      <Link href="/dashboard/validations" className="text-sm text-brand-700 hover:underline">← {t("validations.title")}</Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{t("validations.ineDetail")}</h1>
        <ValidationStatusBadge status={ineBadgeStatus(v)} t={t} />
      </div>
      <Card title={t("validations.cardData")}>
        <Facts
          rows={[
            ["CIC", v.card.cic],
            ["Identificador del ciudadano", v.card.identificador_ciudadano],
            ["Clave de elector", v.card.clave_elector],
            ["OCR", v.card.ocr],
            ["Número de emisión", v.card.numero_emision],
            [t("validations.created"), date.format(v.createdAt)],
            [t("validations.updated"), date.format(v.updatedAt)],
            [t("validations.jobId"), <code key="job" className="text-xs">{v.jobId}</code>],
            [t("validations.webhook"), v.webhook ?? t("validations.noWebhook")],
          ]}
        />
      </Card>
      <Card title={t("validations.result")}>
        {!v.result ? (
          <p className="text-sm text-zinc-600" role="status">{t("validations.pendingNote")}</p>
        ) : (
          <div className="flex flex-col gap-4">
            <Facts
              rows={[
                [t("validations.registry"), v.result.data.status ? t("validations.valid") : t("validations.notValid")],
                [t("validations.message"), v.result.data.message],
                // Lists (documentData, documentVerifications) are in the API answer; the facts here are the plain values.
                ...Object.entries(info)
                  .filter(([, value]) => value === null || typeof value !== "object")
                  .map(([k, value]): [string, string] => [k, String(value)]),
              ]}
            />
            {mrz && (
              <div>
                <h3 className="mb-1 text-sm text-zinc-600">{t("validations.mrzRead")}</h3>
                <pre className="overflow-x-auto rounded bg-zinc-50 p-3 font-mono text-xs" data-testid="mrz-lines">{mrz.join("\n")}</pre>
              </div>
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
