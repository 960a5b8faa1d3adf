"use client";

import { useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { useI18n } from "@/components/providers";
import { boxBetween, fitBox, signerColour, type Box } from "./signature-box";

export type BoxOwner = { key: string; name: string; colour: number; boxes: Box[]; locked: boolean };

type Point = { x: number; y: number };
type Drag = { kind: "draw"; start: Point; end: Point } | { kind: "move"; key: string; index: number; grab: Point; box: Box };

const MAX_BOXES = 20;

/**
 * Sits over one rendered PDF page. With a signer chosen, a click puts a box there and a drag
 * draws one; a box is moved by dragging it, or with the arrow keys once focused.
 */
export function BoxLayer({ page, owners, activeKey, onSelect, onChange }: { page: number; owners: BoxOwner[]; activeKey: string | null; onSelect: (key: string) => void; onChange: (key: string, boxes: Box[]) => void }) {
  const { t } = useI18n();
  const layer = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const active = owners.find((o) => o.key === activeKey && !o.locked);

  const pointAt = (e: PointerEvent): Point => {
    const rect = layer.current!.getBoundingClientRect();
    return { x: Math.min(1, Math.max(0, (e.clientX - rect.left) / rect.width)), y: Math.min(1, Math.max(0, (e.clientY - rect.top) / rect.height)) };
  };
  const replace = (owner: BoxOwner, index: number, box: Box | null) =>
    onChange(owner.key, box ? owner.boxes.map((b, i) => (i === index ? box : b)) : owner.boxes.filter((_, i) => i !== index));

  const startDraw = (e: PointerEvent<HTMLDivElement>) => {
    if (!active || e.button !== 0 || active.boxes.length >= MAX_BOXES) return;
    layer.current!.setPointerCapture(e.pointerId);
    const p = pointAt(e);
    setDrag({ kind: "draw", start: p, end: p });
  };
  const startMove = (e: PointerEvent, owner: BoxOwner, index: number) => {
    if (owner.locked || e.button !== 0) return;
    e.stopPropagation();
    onSelect(owner.key);
    layer.current!.setPointerCapture(e.pointerId);
    const p = pointAt(e);
    const box = owner.boxes[index]!;
    setDrag({ kind: "move", key: owner.key, index, grab: { x: p.x - box.x, y: p.y - box.y }, box });
  };
  const move = (e: PointerEvent) => {
    if (!drag) return;
    const p = pointAt(e);
    if (drag.kind === "draw") setDrag({ ...drag, end: p });
    else setDrag({ ...drag, box: fitBox({ ...drag.box, x: p.x - drag.grab.x, y: p.y - drag.grab.y }) });
  };
  const finish = () => {
    if (!drag) return;
    if (drag.kind === "draw" && active) onChange(active.key, [...active.boxes, boxBetween(page, drag.start, drag.end)]);
    if (drag.kind === "move") {
      const owner = owners.find((o) => o.key === drag.key);
      if (owner) replace(owner, drag.index, drag.box);
    }
    setDrag(null);
  };
  const nudge = (e: KeyboardEvent, owner: BoxOwner, index: number) => {
    if (owner.locked) return;
    const box = owner.boxes[index]!;
    const step = e.shiftKey ? 0.05 : 0.01;
    const moves: Record<string, Point> = { ArrowLeft: { x: -step, y: 0 }, ArrowRight: { x: step, y: 0 }, ArrowUp: { x: 0, y: -step }, ArrowDown: { x: 0, y: step } };
    if (e.key === "Delete" || e.key === "Backspace") replace(owner, index, null);
    else if (moves[e.key]) replace(owner, index, fitBox({ ...box, x: box.x + moves[e.key]!.x, y: box.y + moves[e.key]!.y }));
    else return;
    e.preventDefault();
  };

  const preview = drag?.kind === "draw" && active ? boxBetween(page, drag.start, drag.end) : null;
  return (
    <div
      ref={layer}
      data-testid={`box-layer-${page}`}
      // pan-y: on a phone a swipe over the page still scrolls and a tap places a box; boxes themselves take every touch.
      className={`absolute inset-0 select-none ${active ? "cursor-crosshair [touch-action:pan-y]" : ""}`}
      onPointerDown={startDraw}
      onPointerMove={move}
      onPointerUp={finish}
      onPointerCancel={() => setDrag(null)}
    >
      {owners.flatMap((owner) =>
        owner.boxes.map((stored, index) => {
          if (stored.page !== page) return null;
          const moving = drag?.kind === "move" && drag.key === owner.key && drag.index === index;
          const box = moving ? drag.box : stored;
          const colour = signerColour(owner.colour);
          return (
            <div
              key={`${owner.key}-${index}`}
              role="group"
              tabIndex={owner.locked ? -1 : 0}
              aria-label={t("boxes.boxLabel", { name: owner.name || "—", page })}
              aria-describedby={owner.locked ? undefined : "box-keys-hint"}
              data-testid="signature-box"
              onPointerDown={(e) => startMove(e, owner, index)}
              onKeyDown={(e) => nudge(e, owner, index)}
              className={`absolute flex items-start justify-between overflow-hidden rounded-sm border-2 ${colour.border} ${colour.bg} ${owner.locked ? "pointer-events-none opacity-60" : "cursor-move touch-none"} ${owner.key === activeKey ? "ring-2 ring-zinc-900/40" : ""}`}
              style={{ left: `${box.x * 100}%`, top: `${box.y * 100}%`, width: `${box.width * 100}%`, height: `${box.height * 100}%` }}
            >
              <span className="truncate px-1 text-[10px] font-medium leading-4 text-zinc-900 sm:text-xs">{owner.name}</span>
              {!owner.locked && (
                <button
                  type="button"
                  aria-label={t("boxes.remove", { name: owner.name || "—" })}
                  onPointerDown={(e) => e.stopPropagation()}
                  onClick={() => replace(owner, index, null)}
                  className="flex h-6 w-6 shrink-0 items-center justify-center bg-white/80 text-sm leading-none text-zinc-800 hover:bg-white"
                >
                  ×
                </button>
              )}
            </div>
          );
        }),
      )}
      {preview && (
        <div className={`pointer-events-none absolute border-2 border-dashed ${signerColour(active!.colour).border}`} style={{ left: `${preview.x * 100}%`, top: `${preview.y * 100}%`, width: `${preview.width * 100}%`, height: `${preview.height * 100}%` }} />
      )}
    </div>
  );
}
