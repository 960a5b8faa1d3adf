"use client";

import { useCallback, useEffect, useRef, useState, type RefObject } from "react";

/**
 * Which pages of a long document are near the screen, and which one is in its middle. Every page
 * keeps a placeholder of its size (so the scroll bar is true and nothing moves); only the pages
 * this hook names get their picture or canvas. A page must stay near for `settleMs` before it
 * counts: a jump or a fast fling past 300 pages asks the server for none of them (issue 28: the
 * old smooth scroll to the form requested 215 pictures of a 352-page file on a phone).
 */
export function useNearPages({ root, initial = [1], screens = 1, settleMs = 120 }: { root?: RefObject<HTMLElement | null>; initial?: number[]; screens?: number; settleMs?: number } = {}) {
  const [near, setNear] = useState(() => new Set(initial));
  const [current, setCurrent] = useState(initial[0] ?? 1);
  const elements = useRef(new Map<number, HTMLElement>());
  const observers = useRef<IntersectionObserver[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  // root's element, as the observers below were made with it (for goTo).
  const scroller = useRef<HTMLElement | null>(null);

  useEffect(() => {
    scroller.current = root?.current ?? null;
    const pending = timers.current;
    const nearby = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const page = Number((entry.target as HTMLElement).dataset.page);
          clearTimeout(pending.get(page));
          pending.delete(page);
          if (entry.isIntersecting) {
            const el = entry.target as HTMLElement;
            pending.set(
              page,
              setTimeout(() => {
                pending.delete(page);
                // Asked again, not trusted from the observer: on a slow phone a tap's jump can come
                // before the observer says the page left, and its picture was asked for 230
                // screens from view (bench:signing-page, pages 2 and 3 of 352).
                if (withinScreens(el, root?.current ?? null, screens)) setNear((s) => (s.has(page) ? s : new Set(s).add(page)));
              }, settleMs),
            );
          } else {
            // Far again: its picture goes, so 352 decoded pages never sit in a phone's memory.
            setNear((s) => {
              if (!s.has(page)) return s;
              const next = new Set(s);
              next.delete(page);
              return next;
            });
          }
        }
      },
      { root: root?.current ?? null, rootMargin: `${screens * 100}% 0px` },
    );
    // A line across the middle of the screen: the page it crosses is "página N".
    const middle = new IntersectionObserver(
      (entries) => {
        const crossing = entries.filter((e) => e.isIntersecting).map((e) => Number((e.target as HTMLElement).dataset.page));
        if (crossing.length > 0) setCurrent(Math.min(...crossing));
      },
      { root: root?.current ?? null, rootMargin: "-50% 0px -50% 0px" },
    );
    observers.current = [nearby, middle];
    for (const el of elements.current.values()) {
      nearby.observe(el);
      middle.observe(el);
    }
    return () => {
      nearby.disconnect();
      middle.disconnect();
      observers.current = [];
      for (const t of pending.values()) clearTimeout(t);
      pending.clear();
    };
  }, [root, screens, settleMs]);

  /** The ref for page n's placeholder (it must carry data-page={n}). */
  const track = useCallback((el: HTMLElement | null) => {
    if (!el) return;
    const page = Number(el.dataset.page);
    const old = elements.current.get(page);
    if (old === el) return;
    for (const o of observers.current) {
      if (old) o.unobserve(old);
      o.observe(el);
    }
    elements.current.set(page, el);
  }, []);

  /**
   * Brings page n to the top of the screen (or of `root`) at once: no smooth scroll through the
   * pages between. In a box of its own the page is brought to the box's top, not the window's:
   * scrollIntoView on the page scrolled the window to put it at the screen's top, which on a phone
   * took the navigator above the box (its "Ir") off the screen.
   */
  const goTo = useCallback((page: number) => {
    const el = elements.current.get(page);
    if (!el) return;
    const box = scroller.current;
    // The box comes whole onto the screen if it was partly below it (80 % of the screen's height:
    // the navigator just above it stays in view), then only the box scrolls to the page.
    if (box) {
      box.scrollIntoView({ behavior: "instant", block: "nearest" });
      box.scrollBy({ top: el.getBoundingClientRect().top - box.getBoundingClientRect().top - box.clientTop - (parseFloat(getComputedStyle(el).scrollMarginTop) || 0), behavior: "instant" });
    } else el.scrollIntoView({ behavior: "auto", block: "start" });
    setCurrent(page);
  }, []);

  return { near, current, track, goTo };
}

/** Whether el is within `screens` heights of the screen (or of root, a box that scrolls) above or below it. */
function withinScreens(el: HTMLElement, root: HTMLElement | null, screens: number): boolean {
  const area = root ? root.getBoundingClientRect() : { top: 0, bottom: window.innerHeight };
  const reach = (area.bottom - area.top) * screens;
  const r = el.getBoundingClientRect();
  return r.bottom >= area.top - reach && r.top <= area.bottom + reach;
}
