import type { Metadata } from "next";
import { rotateWebhookSecretAction } from "@/app/actions/settings";
import { AccountForm } from "@/components/settings/account-form";
import { ApiKeyManager } from "@/components/settings/api-key-manager";
import { CompanyProfileForm } from "@/components/settings/company-profile-form";
import { PasswordForm } from "@/components/settings/password-form";
import { Card } from "@/components/ui/card";
import { getDb } from "@/lib/db/client";
import { serverTranslate } from "@/lib/i18n/request-locale";
import { findCompanyProfile } from "@/lib/services/company-profiles/find-company-profile";
import { requireUser } from "../../require-user";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslate()).t("settings.title") };
}

export default async function SettingsPage() {
  const { user } = await requireUser();
  const { t } = await serverTranslate();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{t("settings.title")}</h1>
      <Card title={t("settings.account")}>
        <AccountForm name={user.name} email={user.email} locale={user.locale} />
      </Card>
      <Card title={t("settings.company")}>
        <CompanyProfileForm profile={await findCompanyProfile(getDb(), user.id)} />
      </Card>
      <Card title={t("settings.password")}>
        <PasswordForm />
      </Card>
      <Card title={t("settings.apiKeys")}>
        <ApiKeyManager confirmed={!!user.emailConfirmedAt} />
      </Card>
      <Card title={t("settings.webhookSecret")}>
        <p className="mb-3 text-sm text-zinc-600">{t("settings.webhookSecretLead")}</p>
        <code data-testid="webhook-secret" className="block break-all rounded bg-zinc-100 px-3 py-2 font-mono text-sm">{user.webhookSecret}</code>
        <form action={rotateWebhookSecretAction} className="mt-3">
          <button type="submit" className="rounded-md border border-zinc-300 px-3 py-2 text-sm hover:bg-zinc-100">{t("settings.rotate")}</button>
        </form>
      </Card>
    </div>
  );
}
