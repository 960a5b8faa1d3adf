"use client";

import { useI18n } from "@/components/providers";
import type { MessageKey } from "@/lib/i18n/translate";
import type { Hint } from "./liveness-rule";
import type { AutoState } from "./use-auto-capture";

const HINT: Record<Hint, MessageKey> = {
  noFace: "identityForm.autoNoFace",
  manyFaces: "identityForm.autoManyFaces",
  lookAhead: "identityForm.autoLookAhead",
  holdStill: "identityForm.autoHoldStill",
  turnHead: "identityForm.autoTurnHead",
  ready: "identityForm.autoReady",
};

const MANUAL: Record<Extract<AutoState, { state: "manual" }>["reason"], MessageKey> = {
  unavailable: "identityForm.autoUnavailable",
  timeout: "identityForm.autoTimeout",
  noSelfie: "identityForm.autoNoSelfie",
};

/**
 * What the automatic capture is doing, in words a screen reader reads as they change (the hint
 * only changes when the situation does) and, on the turn step, a progress bar of the head's turn.
 */
export function AutoCaptureStatus({ auto, turn, cameraOn }: { auto: AutoState; turn: boolean; cameraOn: boolean }) {
  const { t } = useI18n();
  if (auto.state === "loading") {
    return (
      <p role="status" className="flex items-center gap-2 text-sm">
        <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden />
        {t("identityForm.preparingCamera")}
      </p>
    );
  }
  if (auto.state === "manual") return <p className="text-sm opacity-90">{t(MANUAL[auto.reason])}</p>;
  if (auto.state !== "watching" || !cameraOn) return null;
  // Before the first reading, the turn step already says what to do.
  const hint: Hint | null = auto.verdict?.hint ?? (turn ? "turnHead" : null);
  const turned = Math.round((auto.verdict?.turned ?? 0) * 100);
  return (
    <div className="flex flex-col gap-2">
      <p aria-live="polite" className="min-h-6 text-center text-base font-medium">
        {hint ? t(HINT[hint]) : null}
      </p>
      {turn ? (
        <div role="progressbar" aria-label={t("identityForm.turnProgress")} aria-valuemin={0} aria-valuemax={100} aria-valuenow={turned} className="h-3 w-full overflow-hidden rounded-full bg-[var(--brand-secondary)]">
          <div className="h-full bg-[var(--brand-primary)] transition-all duration-200" style={{ width: `${turned}%` }} />
        </div>
      ) : null}
    </div>
  );
}
