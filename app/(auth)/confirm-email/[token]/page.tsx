import type { Metadata } from "next";
import { ConfirmEmailForm } from "@/components/auth/account-forms";
import { serverTranslate } from "@/lib/i18n/request-locale";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslate()).t("auth.confirmTitle"), referrer: "no-referrer" };
}

export default async function ConfirmEmailPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { t } = await serverTranslate();
  return (
    <>
      <h1 className="mb-6 text-2xl font-semibold">{t("auth.confirmTitle")}</h1>
      <ConfirmEmailForm token={token} />
    </>
  );
}
