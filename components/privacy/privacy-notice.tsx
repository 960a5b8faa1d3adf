import type { ReactNode } from "react";
import type { Translate } from "@/lib/i18n/translate";

type Operator = { name: string; address?: string; email?: string };

/**
 * The privacy notice's text, in the order the LFPDPPP (2025) lists what a full notice says: who
 * is responsible and where, which data (sensitive ones named), what for (necessary and voluntary
 * purposes), transfers, ARCO rights and how, revoking consent, retention, changes. For identity
 * verification the integrator who created the session is the responsible party and this
 * installation's operator its processor (encargado): the integrator decides to verify the person
 * and receives the result; the operator only runs the checks on its behalf.
 */
export function PrivacyNotice({ t, operator, integrator, fromVerification, sessionHours }: { t: Translate; operator: Operator; integrator: string | null; fromVerification: boolean; sessionHours: number }) {
  const email = operator.email ? (
    <a href={`mailto:${operator.email}`} className="font-medium text-brand-700 underline">
      {operator.email}
    </a>
  ) : (
    t("privacy.notPublished")
  );
  return (
    <article className="flex flex-col gap-6 leading-relaxed text-zinc-800">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold text-zinc-900 sm:text-3xl">{t("privacy.title")}</h1>
        <p className="text-sm text-zinc-600">{t("privacy.updated")}</p>
        {fromVerification ? <p className="rounded-md bg-brand-50 p-3 text-sm text-zinc-900">{t("privacy.backToVerification")}</p> : null}
      </header>

      <Section id="responsable" title={t("privacy.whoTitle")}>
        <p>{integrator ? t("privacy.whoIdentityNamed", { integrator, operator: operator.name }) : t("privacy.whoIdentityGeneric", { operator: operator.name })}</p>
        <p>{t("privacy.whoOperator", { operator: operator.name })}</p>
        <ul className="list-disc pl-6">
          <li>{t("privacy.address", { address: operator.address ?? t("privacy.notPublished") })}</li>
          <li>{withSlot(t("privacy.contact", { email: "\u0000" }), email)}</li>
        </ul>
      </Section>

      <Section id="datos" title={t("privacy.dataTitle")}>
        <p>{t("privacy.dataIdentity")}</p>
        <p className="rounded-md border-l-4 border-amber-600 bg-amber-50 p-3">{t("privacy.dataSensitive")}</p>
        <p>{t("privacy.dataSigning")}</p>
        <p>{t("privacy.dataAccounts")}</p>
        <p>{t("privacy.dataTechnical")}</p>
      </Section>

      <Section id="finalidades" title={t("privacy.purposesTitle")}>
        <p>{t("privacy.purposesPrimary")}</p>
        <ul className="list-disc pl-6">
          <li>{t("privacy.purposeVerify")}</li>
          <li>{t("privacy.purposeResult")}</li>
          <li>{t("privacy.purposeSign")}</li>
          <li>{t("privacy.purposeEvidence")}</li>
        </ul>
        <p>{t("privacy.purposesSecondary")}</p>
      </Section>

      <Section id="transferencias" title={t("privacy.transfersTitle")}>
        <ul className="list-disc pl-6">
          <li>{t("privacy.transferRegistries")}</li>
          <li>{t("privacy.transferIntegrator")}</li>
          <li>{t("privacy.transferAuthorities")}</li>
        </ul>
        <p>{t("privacy.transfersNote")}</p>
      </Section>

      <Section id="derechos" title={t("privacy.rightsTitle")}>
        <p>{operator.email ? withSlot(t("privacy.rightsText", { email: "\u0000" }), email) : t("privacy.rightsTextNoEmail")}</p>
      </Section>

      <Section id="revocacion" title={t("privacy.revokeTitle")}>
        <p>{t("privacy.revokeText")}</p>
      </Section>

      <Section id="conservacion" title={t("privacy.retentionTitle")}>
        <p>{t("privacy.retentionIdentity", { hours: sessionHours })}</p>
        <p>{t("privacy.retentionSigning")}</p>
      </Section>

      <Section id="cookies" title={t("privacy.cookiesTitle")}>
        <p>{t("privacy.cookiesText")}</p>
      </Section>

      <Section id="cambios" title={t("privacy.changesTitle")}>
        <p>{t("privacy.changesText")}</p>
      </Section>

      <Section id="autoridad" title={t("privacy.authorityTitle")}>
        <p>{t("privacy.authorityText")}</p>
      </Section>
    </article>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-zinc-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A translated sentence with one element (a link) where the marker stood. */
function withSlot(text: string, slot: ReactNode): ReactNode {
  const [before, after] = text.split("\u0000");
  return after === undefined ? text : (
    <>
      {before}
      {slot}
      {after}
    </>
  );
}
