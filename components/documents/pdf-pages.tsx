"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { Document, Page, pdfjs } from "react-pdf";
import { useI18n } from "@/components/providers";

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
};

export default function PdfPages({ file, page, maxWidth = 720, zoom = 1, onLoad, overlay }: PdfPagesProps) {
  const { t } = useI18n();
  const [pageCount, setPageCount] = useState(0);
  const [fitWidth, setFitWidth] = useState(0);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setFitWidth(Math.floor(Math.min(entry!.contentRect.width, maxWidth))));
    observer.observe(el);
    return () => observer.disconnect();
  }, [maxWidth]);

  const width = Math.floor(fitWidth * zoom);
  const zoomed = zoom > 1;
  const pages = page ? [page] : Array.from({ length: pageCount }, (_, i) => i + 1);
  return (
    <div ref={box} className={`w-full ${zoomed ? "overflow-x-auto" : ""}`}>
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
          pages.map((n) => (
            <LazyPage key={n} eager={Boolean(page)} width={width} label={t("pdf.pageOf", { page: n, total: pageCount })}>
              <div className="relative w-fit shadow-sm ring-1 ring-zinc-200">
                <Page
                  pageNumber={n}
                  width={width}
                  renderTextLayer={false}
                  renderAnnotationLayer={false}
                  loading={<div style={{ width, aspectRatio: "8.5 / 11" }} className="bg-white" />}
                />
                {overlay?.(n)}
              </div>
            </LazyPage>
          ))}
      </Document>
    </div>
  );
}

/** Draws its page once it comes near the screen: a 50-page contract does not render 50 canvases up front. */
function LazyPage({ eager, width, label, children }: { eager: boolean; width: number; label: string; children: ReactNode }) {
  const [seen, setSeen] = useState(eager);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (seen || !ref.current) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setSeen(true), { rootMargin: "600px 0px" });
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [seen]);
  return (
    <figure ref={ref} aria-label={label} className="flex w-full flex-col items-center gap-1">
      {seen ? children : <div style={{ width }} className="aspect-[8.5/11] bg-white ring-1 ring-zinc-200" />}
      <figcaption className="text-xs text-zinc-500">{label}</figcaption>
    </figure>
  );
}
