"use client";

import { useCallback, useState } from "react";
import { PageNavigator } from "@/components/documents/page-navigator";
import { PdfPreview } from "@/components/documents/pdf-preview";
import { useNearPages } from "@/components/documents/use-near-pages";
import { useI18n } from "@/components/providers";
import { PAGE_IMAGE_WIDTHS } from "@/lib/schemas/page-images";
import { pageImageUrl, type PageSizes, type SignatureBox } from "./signing-link-view";

const ZOOMS = [1, 1.5, 2, 3];
/** Widest a page is drawn at 100 %, in CSS pixels. */
const MAX_WIDTH = 820;
/**
 * What the screen's width loses to the page's and the card's padding below 1024 px (66 px on a
 * phone: 2 × (16 + 16 + 1)), so the browser picks the picture by the page's width, not the
 * screen's (it took one a size too large). Never more than the true gutters: a smaller picture
 * than the page's pixels would blur the text.
 */
const PHONE_GUTTERS = "4rem";
const control = "inline-flex min-h-10 min-w-10 items-center justify-center rounded-md border border-zinc-300 bg-white px-3 text-base font-medium hover:bg-zinc-100 disabled:opacity-40";

/**
 * The document page by page, as pictures the server drew (lib/pdf/page-raster.ts): the first one
 * arrives with the page, the others only while they are near the screen (useNearPages), each in
 * space reserved at its proportions so nothing moves. A 352-page file is 352 empty frames and a
 * few pictures; "Página N de M" and the jump reach any page without drawing those between. The
 * signer's boxes sit on their pages. Zoom asks for sharper pictures (sharp text, unlike a pinch)
 * and lets the pages scroll sideways: contracts are read on phones. Where the server cannot draw pages, the browser's PDF viewer (pdf.js) draws them.
 */
export function DocumentReader({ signatureId, pageSizes, boxes }: { signatureId: string; pageSizes: PageSizes | null; boxes: SignatureBox[] }) {
  const { t } = useI18n();
  const [level, setLevel] = useState(0);
  const zoom = ZOOMS[level]!;
  const url = `/v1/signatures/${signatureId}/document`;
  const total = pageSizes?.length ?? 0;
  const { near, current, track, goTo } = useNearPages();
  // The first page's picture goes alone: the pages after it wait until it has arrived (or page 1
  // is no longer near), so on a slow phone they do not share its bandwidth (it is the LCP).
  const [firstArrived, setFirstArrived] = useState(false);
  const arrived = useCallback(() => setFirstArrived(true), []);
  // Drawn before the page hydrated (it comes with the HTML), its load event was never seen.
  const firstPicture = useCallback((img: HTMLImageElement | null) => void (img?.complete && setFirstArrived(true)), []);
  const drawn = (n: number) => near.has(n) && (n === 1 || firstArrived || !near.has(1));
  // A page the server would not draw (too heavy, or too many asked at once) says so and points to
  // the PDF, instead of a broken picture.
  const [notShown, setNotShown] = useState<ReadonlySet<number>>(new Set());
  const failed = useCallback((n: number) => setNotShown((pages) => new Set(pages).add(n)), []);
  return (
    <section aria-labelledby="reader-title" className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="reader-title" className="text-lg font-semibold">{t("signing.read")}</h2>
        <div className="flex items-center gap-1" role="group" aria-label={t("signing.zoom")}>
          <button type="button" className={control} aria-label={t("signing.zoomOut")} disabled={level === 0} onClick={() => setLevel(level - 1)}>−</button>
          <output aria-live="polite" className="w-14 text-center text-sm tabular-nums" data-testid="zoom-level">{Math.round(zoom * 100)} %</output>
          <button type="button" className={control} aria-label={t("signing.zoomIn")} disabled={level === ZOOMS.length - 1} onClick={() => setLevel(level + 1)}>+</button>
        </div>
      </div>
      <a href={url} target="_blank" rel="noopener noreferrer" className="self-start text-sm text-brand-700 underline">{t("signing.openPdf")}</a>
      {/* Sticky: after a jump to page 200 the signer still sees where they are and can jump again. */}
      {pageSizes && <PageNavigator current={current} total={total} onGo={goTo} className="sticky top-0 z-10 -mx-1 bg-white px-1 py-1" />}
      {pageSizes ? (
        <div className={zoom > 1 ? "overflow-x-auto" : ""}>
          {/* min(100%, MAX_WIDTH) is the fitted width; zoom multiplies it and the box scrolls sideways. */}
          <div className="mx-auto flex flex-col gap-4" style={{ width: `calc(min(100%, ${MAX_WIDTH}px) * ${zoom})` }}>
            {pageSizes.map((size, i) => {
              const n = i + 1;
              return (
                <figure key={n} ref={track} data-page={n} aria-label={t("pdf.pageOf", { page: n, total })} className="flex scroll-mt-16 flex-col items-center gap-1">
                  <div className="relative w-full bg-white shadow-sm ring-1 ring-zinc-200" style={{ aspectRatio: `${size.width} / ${size.height}` }}>
                    {notShown.has(n) ? (
                      <p role="status" className="absolute inset-x-4 top-4 rounded-md bg-zinc-50 p-3 text-sm text-zinc-700">
                        {t("signing.pageNotShown")}{" "}
                        <a href={url} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">{t("signing.openPdf")}</a>
                      </p>
                    ) : drawn(n) && (
                      // The figure names the page; the picture has no text of its own to announce.
                      // eslint-disable-next-line @next/next/no-img-element -- drawn by our server per link; next/image would re-encode a private picture
                      <img
                        src={pageImageUrl(signatureId, n, 820)}
                        srcSet={PAGE_IMAGE_WIDTHS.map((w) => `${pageImageUrl(signatureId, n, w)} ${w}w`).join(", ")}
                        sizes={`(min-width: 1024px) ${Math.round(MAX_WIDTH * zoom)}px, calc((100vw - ${PHONE_GUTTERS}) * ${zoom})`}
                        width={Math.round(size.width)}
                        height={Math.round(size.height)}
                        alt=""
                        fetchPriority={n === 1 ? "high" : "auto"}
                        decoding="async"
                        className="absolute inset-0 h-full w-full"
                        data-testid="page-image"
                        ref={n === 1 ? firstPicture : undefined}
                        onLoad={n === 1 ? arrived : undefined}
                        onError={() => {
                          if (n === 1) arrived();
                          failed(n);
                        }}
                      />
                    )}
                    <SignHereBoxes boxes={boxes} page={n} />
                  </div>
                  <figcaption className="text-xs text-zinc-600">{t("pdf.pageOf", { page: n, total })}</figcaption>
                </figure>
              );
            })}
          </div>
        </div>
      ) : (
        <PdfPreview file={url} zoom={zoom} maxWidth={MAX_WIDTH} overlay={(n) => <SignHereBoxes boxes={boxes} page={n} />} />
      )}
    </section>
  );
}

/** The boxes the owner placed for this signer on one page: where the seal will stamp their signature. */
function SignHereBoxes({ boxes, page }: { boxes: SignatureBox[]; page: number }) {
  const { t } = useI18n();
  return boxes.map((box, index) =>
    box.page === page ? (
      <div
        key={index}
        id={`sign-here-${index}`}
        tabIndex={-1}
        data-testid="sign-here"
        className="absolute flex scroll-my-24 items-center justify-center rounded-sm border-2 border-dashed border-brand-600 bg-brand-50/70 focus:outline-4 focus:outline-offset-2"
        style={{ left: `${box.x * 100}%`, top: `${box.y * 100}%`, width: `${box.width * 100}%`, height: `${box.height * 100}%` }}
      >
        <span aria-hidden="true" className="rounded bg-brand-700 px-1.5 py-0.5 text-[11px] font-semibold leading-4 whitespace-nowrap text-white sm:text-xs">{t("signing.signHere")}</span>
        <span className="sr-only">{t("signing.signHereWhere", { index: index + 1, count: boxes.length, page })}</span>
      </div>
    ) : null,
  );
}
