"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useId, useState } from "react";
import { useI18n } from "@/components/providers";
import type { MessageKey } from "@/lib/i18n/translate";

const items: Array<[string, MessageKey]> = [
  ["/dashboard", "nav.overview"],
  ["/dashboard/folders", "nav.folders"],
  ["/dashboard/documents", "nav.documents"],
  ["/dashboard/templates", "nav.templates"],
  ["/dashboard/identity", "nav.identity"],
  ["/dashboard/validations", "nav.validations"],
  ["/dashboard/webhooks", "nav.webhooks"],
  ["/dashboard/outbox", "nav.outbox"],
  ["/dashboard/settings", "nav.settings"],
];

/** Admin-only pages: shown to admins; the pages themselves refuse everyone else. */
const adminItems: Array<[string, MessageKey]> = [["/dashboard/admin/quotas", "nav.quotas"]];

/**
 * The dashboard's pages: a column beside the content from md up; on a phone one "Menú" button
 * (naming the current page) that opens the same list, so nothing scrolls sideways or hides.
 */
export function DashboardNav({ admin = false }: { admin?: boolean }) {
  const { t } = useI18n();
  const path = usePathname();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const all = admin ? [...items, ...adminItems] : items;
  const isCurrent = (href: string) => (href === "/dashboard" ? path === href : path.startsWith(href));
  const current = all.find(([href]) => isCurrent(href));
  return (
    <nav aria-label={t("nav.menu")}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        className="flex min-h-11 w-full items-center justify-between rounded-md border border-zinc-300 bg-white px-3 text-sm font-medium md:hidden"
      >
        <span>{t("nav.openMenu")}{current ? ` · ${t(current[1])}` : ""}</span>
        <span aria-hidden="true">{open ? "▲" : "▼"}</span>
      </button>
      <ul id={listId} className={`${open ? "mt-2 flex" : "hidden"} flex-col gap-1 md:mt-0 md:flex`}>
        {all.map(([href, key]) => (
          <li key={href}>
            <Link
              href={href}
              aria-current={isCurrent(href) ? "page" : undefined}
              onClick={() => setOpen(false)}
              className={`block rounded-md px-3 py-2 text-sm ${isCurrent(href) ? "bg-brand-50 font-semibold text-brand-800" : "text-zinc-700 hover:bg-zinc-100"}`}
            >
              {t(key)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
