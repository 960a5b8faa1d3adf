import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { afterSignIn } from "@/app/actions/password-message";
import { SignInForm } from "@/components/auth/auth-forms";
import { auth } from "@/lib/auth";
import { sessionUser } from "@/lib/services/session-actor";
import { serverTranslate } from "@/lib/i18n/request-locale";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslate()).t("auth.signInTitle") };
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string | string[]; reset?: string }> }) {
  const query = await searchParams;
  const next = afterSignIn(query.next);
  // A live session only: a cookie whose session ended must be able to sign in again.
  if (await sessionUser(await auth())) redirect(next);
  const { t } = await serverTranslate();
  return (
    <>
      <h1 className="mb-6 text-2xl font-semibold">{t("auth.signInTitle")}</h1>
      <SignInForm next={next === "/dashboard" ? undefined : next} notice={query.reset === "1" ? "auth.resetDone" : undefined} />
    </>
  );
}
