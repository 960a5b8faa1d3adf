import type { Metadata } from "next";
import Link from "next/link";
import { getDb } from "@/lib/db/client";
import { serverTranslate } from "@/lib/i18n/request-locale";
import { listOutbox } from "@/lib/services/messages/list-outbox";
import { requireUser } from "../../require-user";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslate()).t("outbox.title") };
}

export default async function OutboxPage() {
  const { actor } = await requireUser();
  const { locale, t } = await serverTranslate();
  const messages = await listOutbox(getDb(), actor);
  const date = new Intl.DateTimeFormat(locale === "es" ? "es-MX" : "en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "America/Mexico_City" });
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t("outbox.title")}</h1>
      <p className="text-sm text-zinc-600">{t("outbox.lead")}</p>
      {messages.length === 0 ? (
        <p className="text-sm text-zinc-500">{t("outbox.empty")}</p>
      ) : (
        <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white">
          {messages.map((m) => (
            <li key={m.id}>
              <Link href={`/dashboard/outbox/${m.id}`} className="flex flex-col gap-1 p-4 hover:bg-zinc-50 sm:flex-row sm:items-center sm:justify-between" data-testid="outbox-message">
                <span className="min-w-0">
                  <span className="block font-medium">{m.subject}</span>
                  <span className="block truncate text-sm text-zinc-600">{t("outbox.to")}: {m.recipient} · {t(`outbox.${m.channel}`)}</span>
                </span>
                <span className="flex shrink-0 items-center gap-2 text-sm text-zinc-600">
                  <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs">{t(`outbox.${m.status}`)}</span>
                  <time dateTime={m.createdAt.toISOString()}>{date.format(m.createdAt)}</time>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
