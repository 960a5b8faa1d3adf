import type { Metadata } from "next";
import { PublicHeader } from "@/components/layout/public-header";
import { PrivacyNotice } from "@/components/privacy/privacy-notice";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { serverTranslate } from "@/lib/i18n/request-locale";
import { findSessionRequester } from "@/lib/services/identity-sessions/find-session-requester";
import { sessionByFormToken } from "@/lib/services/identity-sessions/verification-form";

type Props = { searchParams: Promise<{ verificacion?: string }> };

// Opened from a verification page it carries that page's token: no Referer may carry it on, and
// no search engine keeps it.
export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const { t } = await serverTranslate();
  const fromVerification = Boolean((await searchParams).verificacion);
  return { title: t("privacy.title"), referrer: "no-referrer", ...(fromVerification ? { robots: { index: false, follow: false } } : {}) };
}

/**
 * The privacy notice (LFPDPPP, 2025). Opened from a verification page (?verificacion=<token>),
 * it names that session's integrator as the responsible party; anything else about the token
 * (unknown, malformed) just gives the general notice.
 */
export default async function PrivacyPage({ searchParams }: Props) {
  const { locale, t } = await serverTranslate();
  const { verificacion } = await searchParams;
  const session = verificacion ? await sessionByFormToken(getDb(), verificacion).catch(() => null) : null;
  const integrator = session ? await findSessionRequester(getDb(), session) : null;
  const e = env();
  return (
    <div className="flex min-h-dvh flex-col">
      <PublicHeader locale={locale} t={t} />
      <main className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
        <PrivacyNotice
          t={t}
          operator={{ name: e.OPERATOR_NAME, address: e.OPERATOR_ADDRESS, email: e.PRIVACY_EMAIL }}
          integrator={integrator || null}
          fromVerification={Boolean(session)}
          sessionHours={e.SESSION_TTL_HOURS}
        />
      </main>
    </div>
  );
}
