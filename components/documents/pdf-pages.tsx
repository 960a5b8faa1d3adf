"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { Document, Page, pdfjs } from "react-pdf";
import { useI18n } from "@/components/providers";
import { PageNavigator } from "./page-navigator";
import { useNearPages } from "./use-near-pages";

// The worker is bundled and served from /_next/static: no CDN. This module is only ever
// loaded in the browser (see pdf-preview.tsx), because pdf.js needs the DOM.
pdfjs.GlobalWorkerOptions.workerSrc = new URL("pdfjs-dist/build/pdf.worker.min.mjs", import.meta.url).toString();

export type PdfPagesProps = {
  /** A URL on our origin (sent with the session cookie) or a File chosen for upload. */
  file: string | File;
  /** Only this page; all pages (rendered as they scroll into view) when left out. */
  page?: number;
  /** Widest a page is drawn, in CSS pixels; narrower screens get the screen's width. */
  maxWidth?: number;
  /** Magnification over that width (1 = fit); above 1 the pages scroll sideways. */
  zoom?: number;
  onLoad?: (pageCount: number) => void;
  /** Drawn over a page, sized like it (for signature boxes). */
  overlay?: (pageNumber: number) => ReactNode;
  /**
   * The pages scroll inside a box about a screen tall instead of stretching the page around them
   * (115 pages made the owner's document page 60,000 px long).
   */
  scrollBox?: boolean;
};

/** US Letter until a page says otherwise: most contracts are, and the frame's height is a guess until then. */
const LETTER = 8.5 / 11;

export default function PdfPages({ file, page, maxWidth = 720, zoom = 1, onLoad, overlay, scrollBox = false }: PdfPagesProps) {
  const { t } = useI18n();
  const [pageCount, setPageCount] = useState(0);
  const [fitWidth, setFitWidth] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);
  const { near, current, track, goTo } = useNearPages({ root: scrollBox ? scroller : undefined });
  // Each page's width / height once drawn: its frame keeps that size when it is far and undrawn.
  const [ratios, setRatios] = useState<Record<number, number>>({});

  // The scroller's content box: its padding and scroll bar are not room for the page.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setFitWidth(Math.floor(Math.min(entry!.contentRect.width, maxWidth))));
    observer.observe(el);
    return () => observer.disconnect();
  }, [maxWidth]);

  const width = Math.floor(fitWidth * zoom);
  const zoomed = zoom > 1;
  const pages = page ? [page] : Array.from({ length: pageCount }, (_, i) => i + 1);
  return (
    <div className="flex w-full flex-col gap-2">
      {!page && <PageNavigator current={current} total={pageCount} onGo={goTo} />}
      {/* A box that scrolls is a named region reachable by keyboard (its arrow keys scroll it). */}
      <div
        ref={scroller}
        {...(scrollBox ? { role: "region", "aria-label": t("pdf.pages"), tabIndex: 0 } : {})}
        className={`w-full ${zoomed ? "overflow-x-auto" : ""} ${scrollBox ? "max-h-[80vh] overflow-y-auto overscroll-contain rounded-md bg-zinc-50 p-2 focus-visible:outline-2 focus-visible:outline-brand-600" : ""}`}
        data-testid="pdf-pages"
      >
        <Document
          file={file}
          onLoadSuccess={(pdf) => {
            setPageCount(pdf.numPages);
            onLoad?.(pdf.numPages);
          }}
          loading={<p role="status" className="p-4 text-sm text-zinc-500">{t("pdf.loading")}</p>}
          error={<p role="alert" className="p-4 text-sm text-red-700">{t("pdf.error")}</p>}
          // Zoomed pages are wider than the box: w-max keeps them whole so the box scrolls to both edges.
          className={`flex flex-col items-center gap-4 ${zoomed ? "w-max min-w-full" : ""}`}
        >
          {width > 0 &&
            pageCount > 0 &&
            pages.map((n) => {
              const ratio = ratios[n] ?? LETTER;
              const frame = <div style={{ width, aspectRatio: ratio }} className="bg-white" />;
              return (
                <figure key={n} ref={track} data-page={n} aria-label={t("pdf.pageOf", { page: n, total: pageCount })} className="flex w-full scroll-mt-2 flex-col items-center gap-1">
                  {page || near.has(n) ? (
                    <div className="relative w-fit shadow-sm ring-1 ring-zinc-200">
                      <Page
                        pageNumber={n}
                        width={width}
                        renderTextLayer={false}
                        renderAnnotationLayer={false}
                        loading={frame}
                        onLoadSuccess={(p) => ratios[n] === undefined && setRatios((r) => ({ ...r, [n]: p.originalWidth / p.originalHeight }))}
                      />
                      {overlay?.(n)}
                    </div>
                  ) : (
                    <div className="ring-1 ring-zinc-200">{frame}</div>
                  )}
                  <figcaption className="text-xs text-zinc-500">{t("pdf.pageOf", { page: n, total: pageCount })}</figcaption>
                </figure>
              );
            })}
        </Document>
      </div>
    </div>
  );
}
