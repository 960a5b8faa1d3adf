"use client";

import { useId, useState, type FormEvent } from "react";
import { useI18n } from "@/components/providers";

/**
 * "Página N de M" and a jump to any page: in a 352-page file, scrolling is no way to reach page
 * 200. The jump goes there at once (useNearPages.goTo), so only that page's picture is asked for.
 */
export function PageNavigator({ current, total, onGo, className = "" }: { current: number; total: number; onGo: (page: number) => void; className?: string }) {
  const { t } = useI18n();
  const id = useId();
  const [typed, setTyped] = useState("");
  if (total < 2) return null;
  const go = (e: FormEvent) => {
    e.preventDefault();
    const n = Math.round(Number(typed));
    if (!Number.isFinite(n) || typed.trim() === "") return;
    // Past either end means that end: no error to read for a typo of one digit.
    onGo(Math.min(total, Math.max(1, n)));
    setTyped("");
  };
  return (
    <nav aria-label={t("pdf.navigation")} className={className} data-testid="page-navigator">
      <form onSubmit={go} className="flex flex-wrap items-center gap-2">
        {/* Not live: it changes with every scroll, and a screen reader would say each one. */}
        <span className="text-sm tabular-nums text-zinc-700" data-testid="current-page">{t("pdf.pageOf", { page: current, total })}</span>
        <label htmlFor={id} className="sr-only">{t("pdf.goTo")}</label>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={total}
          value={typed}
          placeholder={t("pdf.goTo")}
          onChange={(e) => setTyped(e.currentTarget.value)}
          className="min-h-10 w-36 rounded-md border border-zinc-300 bg-white px-2 text-base"
        />
        <button type="submit" className="inline-flex min-h-10 items-center rounded-md border border-zinc-300 bg-white px-3 text-sm font-medium hover:bg-zinc-100">{t("pdf.go")}</button>
      </form>
    </nav>
  );
}
