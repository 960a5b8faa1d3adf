"use client";

import { useState } from "react";
import { useI18n } from "@/components/providers";
import { Button } from "@/components/ui/button";
import { BoxLayer } from "./box-layer";
import { isLocked, type SignerDraft } from "./people-draft";
import { PdfPreview } from "./pdf-preview";
import { signerColour, type Box } from "./signature-box";

/** Where each signer signs: pick a signer, pick a page, click or drag on it. */
export function SignatureBoxEditor({ file, signers, onBoxesChange }: { file: string | File; signers: SignerDraft[]; onBoxesChange: (key: string, boxes: Box[]) => void }) {
  const { t } = useI18n();
  const [pageCount, setPageCount] = useState(0);
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<string | null>(null);
  const editable = signers.filter((s) => !isLocked(s));
  // The first editable signer until someone picks another (or the picked one is removed).
  const activeKey = editable.some((s) => s.key === chosen) ? chosen : (editable[0]?.key ?? null);
  const owners = signers.map((s, i) => ({ key: s.key, name: s.name.trim() || t("people.signerN", { n: i + 1 }), colour: i, boxes: s.boxes, locked: isLocked(s) }));

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-zinc-600">{t("boxes.lead")}</p>
      <p id="box-keys-hint" className="sr-only">{t("boxes.keysHint")}</p>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t("boxes.whoSigns")}</legend>
        <div className="flex flex-wrap gap-2">
          {owners.map((o) => (
            <label key={o.key} className={`flex min-h-10 max-w-full items-center gap-2 rounded-md border px-3 py-1 text-sm ${o.key === activeKey ? "border-zinc-900 bg-zinc-50" : "border-zinc-300"} ${o.locked ? "opacity-60" : "cursor-pointer"}`}>
              <input type="radio" name="box-signer" value={o.key} checked={o.key === activeKey} disabled={o.locked} onChange={() => setChosen(o.key)} />
              <span aria-hidden className={`h-3 w-3 shrink-0 rounded-sm ${signerColour(o.colour).swatch}`} />
              <span className="truncate">{o.name}</span>
              <span className="shrink-0 text-xs text-zinc-500">({o.boxes.length === 1 ? t("boxes.countOne") : t("boxes.count", { n: o.boxes.length })})</span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="flex items-center gap-2">
        <Button type="button" variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)} aria-label={t("boxes.previousPage")}>‹ {t("documents.previous")}</Button>
        <label className="sr-only" htmlFor="box-page">{t("boxes.page")}</label>
        <select id="box-page" value={page} onChange={(e) => setPage(Number(e.target.value))} className="min-h-10 rounded-md border border-zinc-300 bg-white px-3" disabled={pageCount === 0}>
          {Array.from({ length: Math.max(pageCount, 1) }, (_, i) => (
            <option key={i + 1} value={i + 1}>{t("pdf.pageOf", { page: i + 1, total: Math.max(pageCount, 1) })}</option>
          ))}
        </select>
        <Button type="button" variant="secondary" disabled={page >= pageCount} onClick={() => setPage(page + 1)} aria-label={t("boxes.nextPage")}>{t("documents.next")} ›</Button>
      </div>

      <PdfPreview
        file={file}
        page={Math.min(page, Math.max(pageCount, 1))}
        onLoad={(n) => {
          setPageCount(n);
          setPage((p) => Math.min(p, n));
        }}
        overlay={(n) => <BoxLayer page={n} owners={owners} activeKey={activeKey} onSelect={setChosen} onChange={onBoxesChange} />}
      />

      <ul aria-live="polite" className="flex flex-col gap-1 text-sm text-zinc-700">
        {owners
          .filter((o) => o.boxes.length > 0)
          .map((o) => (
            <li key={o.key}>
              {t("boxes.summary", { name: o.name, pages: [...new Set(o.boxes.map((b) => b.page))].sort((a, b) => a - b).join(", ") })}
            </li>
          ))}
      </ul>
    </div>
  );
}
