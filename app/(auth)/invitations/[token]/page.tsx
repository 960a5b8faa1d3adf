import type { Metadata } from "next";
import Link from "next/link";
import { InvitationAnswerForm } from "@/components/auth/account-forms";
import { auth } from "@/lib/auth";
import { getDb } from "@/lib/db/client";
import { serverTranslate } from "@/lib/i18n/request-locale";
import { sessionUser } from "@/lib/services/session-actor";
import { findInvitationByToken } from "@/lib/services/work-folders/answer-folder-invitation";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslate()).t("members.invitationTitle"), referrer: "no-referrer" };
}

/**
 * The link of an invitation's e-mail. Whoever holds it sees who invites which address to which
 * folder (they read that mail); only the account with that address, confirmed, can answer.
 */
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { t } = await serverTranslate();
  const invitation = /^[\w-]{43}$/.test(token) ? await findInvitationByToken(getDb(), token) : null;
  const signedIn = await sessionUser(await auth());
  const link = "font-medium text-brand-700 underline";
  let body;
  if (!invitation) body = <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">{t("members.invitationGone")}</p>;
  else {
    const here = `/invitations/${token}`;
    const mine = signedIn?.user.email.toLowerCase() === invitation.email.toLowerCase();
    body = (
      <div className="flex flex-col gap-4" data-testid="invitation">
        <p>{t("members.invitationFrom", { name: invitation.invitedBy, folder: invitation.folderName })}</p>
        <p className="text-sm text-zinc-600">{t("members.invitationFor", { email: invitation.email })}</p>
        {!signedIn ? (
          <p className="text-sm">
            <Link className={link} href={`/login?next=${encodeURIComponent(here)}`}>{t("members.invitationSignIn")}</Link>{" "}
            <Link className={link} href="/signup">{t("members.invitationSignUp")}</Link>.
          </p>
        ) : !mine ? (
          <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">{t("members.invitationOtherAddress", { email: signedIn.user.email })}</p>
        ) : !signedIn.user.emailConfirmedAt ? (
          <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">{t("members.invitationUnconfirmed")}</p>
        ) : (
          <InvitationAnswerForm token={token} />
        )}
      </div>
    );
  }
  return (
    <>
      <h1 className="mb-6 text-2xl font-semibold">{t("members.invitationTitle")}</h1>
      {body}
    </>
  );
}
