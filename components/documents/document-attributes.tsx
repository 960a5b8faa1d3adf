import type { ReactNode } from "react";
import type { Translate } from "@/lib/i18n/translate";
import { formatMoment, timeZoneLabel } from "@/lib/i18n/date-format";

export type DocumentAttributesView = {
  originalHash: string;
  createdAt: Date;
  owner: { name: string; email: string };
  pages: number;
  /** A sealed PDF has the signature sheet after the original's pages. */
  sealed: boolean;
  ordered: boolean;
  notify: boolean;
  tries: number;
  rememberEvery: number;
  rememberAt: string;
  types: string[];
  customPositions: boolean;
  folder: { name: string; timeZone: string };
};

/** The facts of a document, as a description list that wraps on a phone. */
export function DocumentAttributes({ d, t, locale }: { d: DocumentAttributesView; t: Translate; locale: string }) {
  const date = { format: (at: Date | string) => formatMoment(at, locale, d.folder.timeZone) };
  const rows: Array<[string, ReactNode]> = [
    [t("document.folder"), d.folder.name],
    [t("document.created"), <time key="c" dateTime={d.createdAt.toISOString()}>{date.format(d.createdAt)}</time>],
    [t("document.owner"), `${d.owner.name} <${d.owner.email}>`],
    [t("document.pages"), d.sealed ? t("document.pagesSealed", { n: d.pages }) : String(d.pages)],
    [t("document.order"), d.ordered ? t("document.orderActive") : t("document.orderInactive")],
    [t("document.notices"), d.notify ? t("document.noticesOn") : t("document.noticesOff")],
    [t("reminders.title"), t("document.reminderPlan", { tries: d.tries, every: d.rememberEvery, at: d.rememberAt.slice(0, 5), zone: timeZoneLabel(d.folder.timeZone, t) })],
    [t("options.types"), d.types.map((type) => t(`options.type${type}` as Parameters<Translate>[0])).join(", ")],
    [t("document.signPosition"), d.customPositions ? t("document.positionCustom") : t("document.positionDefault")],
  ];
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-y-2">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-zinc-500">{label}</dt>
          <dd className="mb-1 [overflow-wrap:anywhere] sm:mb-0">{value}</dd>
        </div>
      ))}
      <dt className="text-zinc-500">{t("document.originalHash")}</dt>
      <dd className="break-all font-mono text-xs" data-testid="original-hash">{d.originalHash}</dd>
    </dl>
  );
}
