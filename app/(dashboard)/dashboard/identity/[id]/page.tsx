import type { Metadata } from "next";
import Link from "next/link";
import { addSessionCommentAction, redeliverWebhookAction } from "@/app/actions/identity-review";
import { CommentForm } from "@/components/identity/comment-form";
import { JsonFacts } from "@/components/identity/json-facts";
import { SessionComments } from "@/components/identity/session-comments";
import { SessionEvidence } from "@/components/identity/session-evidence";
import { SessionImages } from "@/components/identity/session-images";
import { FaceScores, LivenessScores } from "@/components/identity/session-scores";
import { SessionOutcomes } from "@/components/identity/session-checks";
import { SessionStatusBadge } from "@/components/identity/session-status-badge";
import { Card } from "@/components/ui/card";
import { Facts, ValidationDeliveries } from "@/components/validations/validation-parts";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { MessageKey } from "@/lib/i18n/translate";
import { serverTranslate } from "@/lib/i18n/request-locale";
import { findSessionForReview } from "@/lib/services/identity-sessions/find-session-for-review";
import { orNotFound, pageId } from "../../../or-not-found";
import { requireUser } from "../../../require-user";
import { formatListed } from "@/lib/i18n/date-format";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslate()).t("identityReview.detailTitle") };
}

export default async function IdentitySessionPage({ params }: Props) {
  const id = pageId((await params).id);
  const { actor } = await requireUser();
  const { locale, t } = await serverTranslate();
  const { session: s, owner, files, comments, deliveries } = await orNotFound(findSessionForReview(getDb(), actor, id));
  const date = { format: (d: Date | string) => formatListed(d, locale, env().DEFAULT_TIME_ZONE) };
  const format = (d: Date) => date.format(d);
  const checks = s.checks ?? null;
  const path = `/dashboard/identity/${s.id}`;
  const name = s.ocr?.ocr_frontal?.nombre_completo ?? null;
  const statusName = (status: unknown) => (typeof status === "string" ? t(`identityReview.status_${status}` as MessageKey) : "?");
  // Each status webhook says which change it told: "Abierta → Verificando".
  const transition = (d: { payload: unknown }) => {
    const body = d.payload as { previous_status?: unknown; data?: { status?: unknown } } | null;
    return body?.previous_status && body.data?.status ? `${statusName(body.previous_status)} → ${statusName(body.data.status)}` : null;
  };
  return (
    <div className="flex flex-col gap-4">
      <Link href="/dashboard/identity" className="self-start text-sm text-brand-700 underline">← {t("dashboard.identityTitle")}</Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="min-w-0 break-words text-2xl font-semibold">{name ?? t("identityReview.detailTitle")}</h1>
        <SessionStatusBadge status={s.status} result={s.result} t={t} />
        <span className="text-sm font-medium" data-testid="session-result">
          {t("identityReview.result")}: {s.result === null ? t("identityReview.noResult") : t("identityReview.resultValue", { n: s.result })}
        </span>
      </div>

      <Card title={t("identityReview.summary")}>
        <Facts
          rows={[
            [t("identityReview.sessionId"), <code key="id" className="break-all text-xs">{s.id}</code>],
            [t("identityReview.owner"), `${owner.name} · ${owner.email}`],
            [t("identityReview.validations"), s.validations.map((v) => t(`identityReview.validation_${v}` as MessageKey)).join(", ")],
            [t("identityReview.created"), format(s.createdAt)],
            [t("identityReview.updated"), format(s.updatedAt)],
            [t("identityReview.expires"), format(s.expiresAt)],
            [t("identityReview.checkedAt"), checks ? format(new Date(checks.checked_at)) : null],
            [t("identityReview.attempts"), s.attempts > 0 ? String(s.attempts) : null],
            [t("identityReview.apiVersion"), `v${s.apiVersion}`],
            [t("identityReview.webhook"), s.webhook ?? t("identityReview.noWebhook")],
            [t("identityReview.redirectUrl"), s.redirectUrl],
          ]}
        />
      </Card>

      <Card title={t("identityReview.checks")}>
        <SessionOutcomes validations={s.validations} checks={checks} verifications={s.verifications ?? null} t={t} />
      </Card>

      <Card title={t("identityReview.images")}>
        <SessionImages sessionId={s.id} files={files} t={t} />
      </Card>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Card title={t("identityReview.face")}>
          <FaceScores face={checks?.face} t={t} locale={locale} />
        </Card>
        <Card title={t("identityReview.liveness")}>
          <LivenessScores liveness={checks?.liveness} challenge={s.livenessChallenge} t={t} locale={locale} />
        </Card>
      </div>

      <Card title={t("identityReview.extracted")}>
        <SessionEvidence ocr={s.ocr} documentData={s.documentData} mrzCheck={checks?.mrz} frontWords={checks?.front_words} t={t} />
      </Card>

      <Card title={t("identityReview.registries")}>
        <div className="flex flex-col gap-5">
          <section aria-labelledby="registry-ine">
            <h3 id="registry-ine" className="mb-2 font-medium">{t("identityReview.ineRegistry")}</h3>
            {s.ine ? <JsonFacts value={s.ine} t={t} formatDate={format} testId="registry-ine-answer" /> : <p className="text-sm text-zinc-500">{t("identityReview.noAnswer")}</p>}
          </section>
          <section aria-labelledby="registry-renapo">
            <h3 id="registry-renapo" className="mb-2 font-medium">{t("identityReview.renapoRegistry")}</h3>
            {s.renapo ? <JsonFacts value={s.renapo} t={t} formatDate={format} testId="registry-renapo-answer" /> : <p className="text-sm text-zinc-500">{t("identityReview.noAnswer")}</p>}
          </section>
        </div>
      </Card>

      <Card title={t("identityReview.deliveries")}>
        <ValidationDeliveries deliveries={deliveries} t={t} format={format} redeliver={redeliverWebhookAction.bind(null, path)} describe={transition} />
      </Card>

      <Card title={t("identityReview.comments")}>
        <div className="flex flex-col gap-4">
          <SessionComments comments={comments} t={t} format={format} />
          <CommentForm action={addSessionCommentAction.bind(null, s.id)} />
        </div>
      </Card>
    </div>
  );
}
