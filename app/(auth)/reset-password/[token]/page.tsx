import type { Metadata } from "next";
import Link from "next/link";
import { ResetPasswordForm } from "@/components/auth/account-forms";
import { getDb } from "@/lib/db/client";
import { serverTranslate } from "@/lib/i18n/request-locale";
import { accountTokenIsLive } from "@/lib/services/users/account-tokens";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslate()).t("auth.resetTitle"), referrer: "no-referrer" };
}

/** Opening the link uses nothing (mail scanners open links too): the form's submission does. */
export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { t } = await serverTranslate();
  const live = /^[\w-]{43}$/.test(token) && (await accountTokenIsLive(getDb(), token, "reset_password"));
  return (
    <>
      <h1 className="mb-6 text-2xl font-semibold">{t("auth.resetTitle")}</h1>
      {live ? (
        <ResetPasswordForm token={token} />
      ) : (
        <div className="flex flex-col gap-4">
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">{t("auth.linkInvalid")}</p>
          <Link className="text-sm font-medium text-brand-700 underline" href="/forgot-password">{t("auth.requestAnother")}</Link>
        </div>
      )}
    </>
  );
}
