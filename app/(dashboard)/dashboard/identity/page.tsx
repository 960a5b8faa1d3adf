import type { Metadata } from "next";
import { startVerificationAction } from "@/app/actions/identity-sessions";
import { SessionFilters } from "@/components/identity/session-filters";
import { StartVerificationForm } from "@/components/identity/start-verification-form";
import { SessionsTable } from "@/components/identity/sessions-table";
import { Card } from "@/components/ui/card";
import { QueryPagination } from "@/components/ui/query-pagination";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { serverTranslate } from "@/lib/i18n/request-locale";
import { sessionReviewFilters } from "@/lib/schemas/identity-review";
import { listSessionsForReview } from "@/lib/services/identity-sessions/list-sessions-for-review";
import { reviewsEverySession } from "@/lib/services/identity-sessions/review-scope";
import { requireUser } from "../../require-user";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslate()).t("dashboard.identityTitle") };
}

export default async function IdentitySessionsPage({ searchParams }: Props) {
  const { actor } = await requireUser();
  const { locale, t } = await serverTranslate();
  const filters = sessionReviewFilters.parse(await searchParams);
  const list = await listSessionsForReview(getDb(), actor, filters);
  const everyone = reviewsEverySession(actor);
  const filtered = Boolean(filters.status || filters.from || filters.to || filters.q);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t("dashboard.identityTitle")}</h1>
      <p className="text-sm text-zinc-600">
        {t("identityReview.lead")}
        {everyone && ` ${t("identityReview.leadAdmin")}`}
      </p>
      <Card title={t("identityReview.newTitle")}>
        <StartVerificationForm action={startVerificationAction} />
      </Card>
      <SessionFilters filters={filters} t={t} />
      {list.rows.length === 0 ? (
        <Card>
          <p className="text-sm text-zinc-600" role="status">{filtered ? t("identityReview.noMatches") : t("identityReview.empty")}</p>
        </Card>
      ) : (
        <SessionsTable rows={list.rows} t={t} locale={locale} timeZone={env().DEFAULT_TIME_ZONE} showOwner={everyone} />
      )}
      {list.total > list.perPage && (
        <QueryPagination
          basePath="/dashboard/identity"
          query={{ q: filters.q, status: filters.status, from: filters.from, to: filters.to }}
          page={list.page}
          perPage={list.perPage}
          total={list.total}
          t={t}
        />
      )}
    </div>
  );
}
