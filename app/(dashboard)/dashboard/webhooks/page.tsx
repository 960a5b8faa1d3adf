import type { Metadata } from "next";
import { DeliveryLog } from "@/components/webhooks/delivery-log";
import { SigningWebhookForm } from "@/components/webhooks/signing-webhook-form";
import { getDb } from "@/lib/db/client";
import { findSigningWebhook } from "@/lib/services/webhooks/set-signing-webhook";
import { serverTranslate } from "@/lib/i18n/request-locale";
import { requireUser } from "../../require-user";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslate()).t("webhooks.title") };
}

export default async function WebhooksPage() {
  const { actor, user } = await requireUser();
  const { t } = await serverTranslate();
  const signingUrl = await findSigningWebhook(getDb(), actor);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t("webhooks.title")}</h1>
      <p className="text-sm text-zinc-600">{t("webhooks.lead")}</p>
      {!user.emailConfirmedAt && <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">{t("settings.confirmFirst")}</p>}
      <SigningWebhookForm initialUrl={signingUrl} />
      <DeliveryLog />
    </div>
  );
}
