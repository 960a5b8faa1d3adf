import type { Metadata } from "next";
import { ForgotPasswordForm } from "@/components/auth/account-forms";
import { serverTranslate } from "@/lib/i18n/request-locale";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslate()).t("auth.forgotTitle") };
}

export default async function ForgotPasswordPage() {
  const { t } = await serverTranslate();
  return (
    <>
      <h1 className="mb-6 text-2xl font-semibold">{t("auth.forgotTitle")}</h1>
      <ForgotPasswordForm />
    </>
  );
}
