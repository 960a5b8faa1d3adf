"use client";

import { useEffect, useRef, useState, type PointerEvent } from "react";
import { useI18n } from "@/components/providers";

/**
 * A small pad to draw an autograph with a finger, pen or mouse (pointer events), handed up as a
 * PNG data URI. It only decorates the visible stamp: the electronic signature is the CMS.
 */
export function AutographPad({ onChange, error, disabled }: { onChange: (png: string | null) => void; error?: string; disabled?: boolean }) {
  const { t } = useI18n();
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [drawn, setDrawn] = useState(false);

  // The bitmap follows the displayed size times the pixel ratio (capped: the PNG stays small),
  // so strokes are sharp on a phone. Resizing clears it, so it is sized once, before drawing.
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const scale = Math.min(window.devicePixelRatio || 1, 2);
    el.width = Math.round(el.clientWidth * scale);
    el.height = Math.round(el.clientHeight * scale);
    const ctx = el.getContext("2d")!;
    ctx.scale(scale, scale);
    ctx.lineWidth = 2.5;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.strokeStyle = "#1e3a8a";
  }, []);

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };

  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    if (disabled) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    last.current = point(e);
    // A tap leaves a dot, as a pen would.
    const ctx = e.currentTarget.getContext("2d")!;
    ctx.beginPath();
    ctx.arc(last.current.x, last.current.y, 1.2, 0, Math.PI * 2);
    ctx.fillStyle = ctx.strokeStyle;
    ctx.fill();
  };

  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!last.current) return;
    const ctx = e.currentTarget.getContext("2d")!;
    const next = point(e);
    ctx.beginPath();
    ctx.moveTo(last.current.x, last.current.y);
    ctx.lineTo(next.x, next.y);
    ctx.stroke();
    last.current = next;
  };

  const up = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!last.current) return;
    last.current = null;
    setDrawn(true);
    onChange(e.currentTarget.toDataURL("image/png"));
  };

  const clear = () => {
    const el = canvas.current!;
    el.getContext("2d")!.clearRect(0, 0, el.width, el.height);
    setDrawn(false);
    onChange(null);
  };

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={`autograph-hint${error ? " autograph-error" : ""}`}>
      <legend className="text-sm font-medium text-zinc-800">{t("signing.autograph")}</legend>
      <p id="autograph-hint" className="text-xs text-zinc-500">{t("signing.autographHint")}</p>
      <canvas
        ref={canvas}
        role="img"
        aria-label={drawn ? t("signing.autographDrawn") : t("signing.autographPad")}
        data-testid="autograph-pad"
        data-drawn={drawn ? "true" : undefined}
        // touch-none: a finger draws instead of scrolling the page.
        className="h-36 w-full max-w-md touch-none rounded-md border border-dashed border-zinc-400 bg-white"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      />
      <button type="button" onClick={clear} disabled={!drawn || disabled} className="self-start rounded-md border border-zinc-300 bg-white px-3 py-1.5 text-sm hover:bg-zinc-100 disabled:opacity-50">
        {t("signing.clearAutograph")}
      </button>
      {error && <p id="autograph-error" role="alert" className="text-sm text-red-700">{error}</p>}
    </fieldset>
  );
}
