import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignUpForm } from "@/components/auth/auth-forms";
import { auth } from "@/lib/auth";
import { serverTranslate } from "@/lib/i18n/request-locale";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslate()).t("auth.signUpTitle") };
}

export default async function SignUpPage() {
  if ((await auth())?.user) redirect("/dashboard");
  const { t } = await serverTranslate();
  return (
    <>
      <h1 className="mb-6 text-2xl font-semibold">{t("auth.signUpTitle")}</h1>
      <SignUpForm />
    </>
  );
}
