"use client";

import { useEffect, useState } from "react";
import { useI18n } from "@/components/providers";
import type { SignatureBox } from "./signing-link-view";

const button = "inline-flex min-h-11 items-center justify-center rounded-md px-4 text-sm font-semibold";

/**
 * Stays at the bottom of the screen while the signer reads: jumps to the next place the owner
 * asked them to sign, and to the Firmar panel. While that panel is on screen (on a desktop, from
 * the start) the jump to it is dropped, and with no places to visit the whole bar steps aside.
 */
export function SignBar({ boxes }: { boxes: SignatureBox[] }) {
  const { t } = useI18n();
  const [next, setNext] = useState(0);
  const [panelOnScreen, setPanelOnScreen] = useState(false);

  useEffect(() => {
    const panel = document.getElementById("sign-section");
    if (!panel) return;
    // The observer may hand over several entries of the panel at once (a jump while a smooth
    // scroll runs, on a busy page): the last one is where the panel is now. The first one, taken
    // before, could be the panel leaving, and the jump then stayed with the panel in view (two CI
    // runs: the Firmar heading centred on a desktop, the bar's Firmar still there 20 s later).
    const observer = new IntersectionObserver((entries) => setPanelOnScreen(Boolean(entries.at(-1)?.isIntersecting)), { rootMargin: "0px 0px -30% 0px" });
    observer.observe(panel);
    return () => observer.disconnect();
  }, []);

  const stepAside = panelOnScreen && boxes.length === 0;
  const reduceMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  /**
   * Centres a box and moves focus to it, so a screen reader says where it is. Smoothly only when
   * it is a couple of screens away: further, the glide would pass (and draw) every page between.
   */
  const goToNextBox = () => {
    const el = document.getElementById(`sign-here-${next}`);
    if (el) {
      const far = Math.abs(el.getBoundingClientRect().top) > 2 * window.innerHeight;
      el.scrollIntoView({ behavior: far || reduceMotion() ? "auto" : "smooth", block: "center" });
      el.focus({ preventScroll: true });
    }
    setNext((next + 1) % boxes.length);
  };

  // At once, never smooth: on a phone the panel is below the whole document, and a smooth scroll
  // through 352 pages kept the form out of reach for two minutes (issue 28).
  const goToPanel = () => {
    document.getElementById("sign-section")?.scrollIntoView({ behavior: "auto", block: "start" });
    document.getElementById("sign-title")?.focus({ preventScroll: true });
  };

  return (
    <div
      role="region"
      aria-label={t("signing.signTitle")}
      data-testid="sign-bar"
      // Fixed, so showing or hiding it moves nothing on the page; the page keeps room for it below.
      className={`fixed inset-x-0 bottom-0 z-20 border-t border-zinc-200 bg-white/95 shadow-[0_-2px_8px_rgba(0,0,0,0.06)] backdrop-blur transition-transform ${stepAside ? "translate-y-full" : ""}`}
      inert={stepAside}
    >
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-2 sm:px-6">
        <p className="text-sm text-zinc-700">{boxes.length > 0 ? t("signing.signPlaces", { count: boxes.length }) : t("signing.signBarLead")}</p>
        <div className="flex gap-2">
          {boxes.length > 0 && (
            <button type="button" onClick={goToNextBox} className={`${button} border border-zinc-300 bg-white text-zinc-900 hover:bg-zinc-100`}>
              {t("signing.nextPlace")} <span aria-hidden="true">&nbsp;↓</span>
            </button>
          )}
          {!panelOnScreen && (
            <button type="button" onClick={goToPanel} className={`${button} bg-brand-700 text-white hover:bg-brand-800`}>
              {t("signing.signBar")}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
