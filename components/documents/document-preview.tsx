"use client";

import { useI18n } from "@/components/providers";
import { BoxLayer, type BoxOwner } from "./box-layer";
import { PdfPreview } from "./pdf-preview";
import { parsePositions } from "./signature-box";

const noop = () => {};

/**
 * The PDF page by page with each signer's boxes drawn on it (read-only here; the editor moves
 * them), in a box of its own with page navigation. Once sealed, the file shown carries the stamps
 * where the boxes were: the coloured boxes would only hide them, so they go.
 */
export function DocumentPreview({ documentId, signers, sealed }: { documentId: string; signers: { id: string; name: string; positions: string | null }[]; sealed: boolean }) {
  const { t } = useI18n();
  const url = `/v1/documents/${documentId}/pdf?disposition=inline`;
  const owners: BoxOwner[] = signers.map((s, i) => ({ key: s.id, name: s.name, colour: i, boxes: parsePositions(s.positions), locked: true }));
  const withBoxes = !sealed && owners.some((o) => o.boxes.length > 0);
  return (
    <div className="flex flex-col gap-3">
      <a href={url} target="_blank" rel="noopener" className="self-start text-sm text-brand-700 underline">{t("document.openFull")}</a>
      <PdfPreview file={url} scrollBox overlay={withBoxes ? (page) => <BoxLayer page={page} owners={owners} activeKey={null} onSelect={noop} onChange={noop} /> : undefined} />
    </div>
  );
}
