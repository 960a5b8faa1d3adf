"use client";

import { useState } from "react";
import { PdfPreview } from "@/components/documents/pdf-preview";
import { useI18n } from "@/components/providers";

const ZOOMS = [1, 1.5, 2, 3];
const control = "inline-flex min-h-10 min-w-10 items-center justify-center rounded-md border border-zinc-300 bg-white px-3 text-base font-medium hover:bg-zinc-100 disabled:opacity-40";

/**
 * The PDF page by page, drawn as pages come near the screen. Zoom redraws the pages larger (sharp
 * text, unlike a pinch on a canvas) and lets them scroll sideways: contracts are read on phones.
 */
export function DocumentReader({ signatureId }: { signatureId: string }) {
  const { t } = useI18n();
  const [level, setLevel] = useState(0);
  const url = `/v1/signatures/${signatureId}/document`;
  return (
    <section aria-labelledby="reader-title" className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="reader-title" className="text-lg font-semibold">{t("signing.read")}</h2>
        <div className="flex items-center gap-1" role="group" aria-label={t("signing.zoom")}>
          <button type="button" className={control} aria-label={t("signing.zoomOut")} disabled={level === 0} onClick={() => setLevel(level - 1)}>−</button>
          <output aria-live="polite" className="w-14 text-center text-sm tabular-nums" data-testid="zoom-level">{Math.round(ZOOMS[level]! * 100)} %</output>
          <button type="button" className={control} aria-label={t("signing.zoomIn")} disabled={level === ZOOMS.length - 1} onClick={() => setLevel(level + 1)}>+</button>
        </div>
      </div>
      <a href={url} target="_blank" rel="noopener noreferrer" className="self-start text-sm text-brand-700 underline">{t("signing.openPdf")}</a>
      <PdfPreview file={url} zoom={ZOOMS[level]} maxWidth={820} />
    </section>
  );
}
