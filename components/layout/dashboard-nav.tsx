"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useI18n } from "@/components/providers";
import type { MessageKey } from "@/lib/i18n/translate";

const items: Array<[string, MessageKey]> = [
  ["/dashboard", "nav.overview"],
  ["/dashboard/folders", "nav.folders"],
  ["/dashboard/documents", "nav.documents"],
  ["/dashboard/identity", "nav.identity"],
  ["/dashboard/validations", "nav.validations"],
  ["/dashboard/webhooks", "nav.webhooks"],
  ["/dashboard/outbox", "nav.outbox"],
  ["/dashboard/settings", "nav.settings"],
];

/** Admin-only pages: shown to admins; the pages themselves refuse everyone else. */
const adminItems: Array<[string, MessageKey]> = [["/dashboard/admin/quotas", "nav.quotas"]];

export function DashboardNav({ admin = false }: { admin?: boolean }) {
  const { t } = useI18n();
  const path = usePathname();
  return (
    <nav aria-label={t("nav.menu")} className="overflow-x-auto">
      <ul className="flex gap-1 md:flex-col">
        {(admin ? [...items, ...adminItems] : items).map(([href, key]) => {
          const current = href === "/dashboard" ? path === href : path.startsWith(href);
          return (
            <li key={href}>
              <Link
                href={href}
                aria-current={current ? "page" : undefined}
                className={`block whitespace-nowrap rounded-md px-3 py-2 text-sm ${current ? "bg-brand-50 font-semibold text-brand-800" : "text-zinc-700 hover:bg-zinc-100"}`}
              >
                {t(key)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
