import Link from "next/link";
import { notFound } from "next/navigation";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { serverTranslate } from "@/lib/i18n/request-locale";
import { findOutboxMessage } from "@/lib/services/messages/list-outbox";
import { requireUser } from "../../../require-user";

export default async function OutboxMessagePage({ params }: { params: Promise<{ id: string }> }) {
  const { actor } = await requireUser();
  const { t } = await serverTranslate();
  const id = z.uuid().safeParse((await params).id);
  const message = id.success ? await findOutboxMessage(getDb(), actor, id.data) : null;
  if (!message) notFound();
  return (
    <div className="flex flex-col gap-4">
      <Link href="/dashboard/outbox" className="text-sm text-brand-700 underline">← {t("common.back")}</Link>
      <h1 className="text-2xl font-semibold">{message.subject}</h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-zinc-500">{t("outbox.to")}</dt><dd>{message.recipient}</dd>
        <dt className="text-zinc-500">{t("outbox.channel")}</dt><dd>{t(`outbox.${message.channel}`)}</dd>
        <dt className="text-zinc-500">{t("outbox.status")}</dt><dd>{t(`outbox.${message.status}`)}</dd>
      </dl>
      {message.html && (
        <section aria-label={t("outbox.html")}>
          {/* The e-mail as the recipient sees it, isolated from this page: no scripts, no same origin. */}
          <iframe title={message.subject} srcDoc={message.html} sandbox="" className="h-[32rem] w-full rounded-lg border border-zinc-200 bg-white" />
        </section>
      )}
      <section aria-label={t("outbox.text")}>
        <h2 className="mb-1 text-sm font-semibold text-zinc-600">{t("outbox.text")}</h2>
        <pre className="whitespace-pre-wrap rounded-lg border border-zinc-200 bg-white p-4 text-sm">{message.text}</pre>
      </section>
    </div>
  );
}
