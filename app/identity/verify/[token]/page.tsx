import { headers } from "next/headers";
import QRCode from "qrcode";
import { VerificationFlow } from "@/components/identity/verification-flow";
import { getDb } from "@/lib/db/client";
import { serverTranslate } from "@/lib/i18n/request-locale";
import { findCompanyBrand } from "@/lib/services/company-profiles/find-company-profile";
import { brandedView, formView, sessionByFormToken } from "@/lib/services/identity-sessions/verification-form";
import { verificationUrl } from "@/lib/services/identity-sessions/session-format";
import { orNotFound } from "../../../(dashboard)/or-not-found";

type Props = { params: Promise<{ token: string }> };

// Phones and tablets say so in their user agent; anything else is treated as a computer.
const MOBILE = /Mobi|Android|iPhone|iPad|iPod/i;

/** The person's verification page: no login, the token in the URL is the permission. */
export default async function VerificationPage({ params }: Props) {
  const { token } = await params;
  const session = await orNotFound(sessionByFormToken(getDb(), token));
  // The person is told who asks (the integrator's company, else its account name) before anything is taken.
  const company = await findCompanyBrand(getDb(), session.userId);
  const view = brandedView(formView(session), company);
  const requester = company.name;
  if (view.only_mobile_devices && view.status === "OPEN" && !MOBILE.test((await headers()).get("user-agent") ?? "")) {
    const { t } = await serverTranslate();
    const qr = await QRCode.toDataURL(verificationUrl(session), { margin: 1, width: 280 });
    return (
      <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-10 text-center">
        {/* eslint-disable-next-line @next/next/no-img-element -- the integrator's logo: the session's, else its company profile's (a data: URI) */}
        {view.branding.logo ? <img src={view.branding.logo} alt={t("identityForm.logoAlt")} className="max-h-14 max-w-[60%] object-contain" /> : null}
        {requester ? <p className="font-medium">{t("identityForm.requestedBy", { integrator: requester })}</p> : null}
        <h1 className="text-2xl font-semibold">{t("identityForm.mobileOnlyTitle")}</h1>
        <p className="text-zinc-700">{t("identityForm.mobileOnlyText")}</p>
        {/* eslint-disable-next-line @next/next/no-img-element -- a data URI made here */}
        <img src={qr} alt={t("identityForm.qrAlt")} width={280} height={280} className="rounded-lg border border-zinc-200" />
      </section>
    );
  }
  return <VerificationFlow token={token} initial={view} requester={requester} />;
}
