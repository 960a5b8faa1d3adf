import type { Metadata } from "next";
import { DeliveryLog } from "@/components/webhooks/delivery-log";
import { serverTranslate } from "@/lib/i18n/request-locale";
import { requireUser } from "../../require-user";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslate()).t("webhooks.title") };
}

export default async function WebhooksPage() {
  await requireUser();
  const { t } = await serverTranslate();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t("webhooks.title")}</h1>
      <p className="text-sm text-zinc-600">{t("webhooks.lead")}</p>
      <DeliveryLog />
    </div>
  );
}
