import { Card } from "@/components/ui/card";
import { serverTranslate } from "@/lib/i18n/request-locale";
import { requireUser } from "../../require-user";

export default async function IdentityPage() {
  await requireUser();
  const { t } = await serverTranslate();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t("dashboard.identityTitle")}</h1>
      <Card><p className="text-sm text-zinc-600">{t("dashboard.identityEmpty")}</p></Card>
    </div>
  );
}
