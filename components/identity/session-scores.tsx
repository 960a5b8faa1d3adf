import type { SessionChecks } from "@/lib/db/schema";
import type { Translate } from "@/lib/i18n/translate";
import type { ReactNode } from "react";
import { codeText, reasonText } from "./review-text";
import { PassBadge } from "./session-status-badge";

/** Similarity against its threshold, as a bar with the threshold marked; the numbers are in the text too. */
function ScoreBar({ value, threshold }: { value: number; threshold: number }) {
  const pct = (x: number) => `${Math.max(0, Math.min(1, x)) * 100}%`;
  return (
    <div aria-hidden="true" className="relative mt-1 h-2 w-full max-w-xs rounded-full bg-zinc-200">
      <div className={`h-2 rounded-full ${value >= threshold ? "bg-green-600" : "bg-red-600"}`} style={{ width: pct(value) }} />
      <div className="absolute -top-1 h-4 w-0.5 bg-zinc-900" style={{ left: pct(threshold) }} />
    </div>
  );
}

/** Label and number side by side even on a phone: short values, read as a list of measurements. */
function Scores({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-zinc-600">{label}</dt>
          <dd className="text-right font-medium tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function FaceScores({ face, t, locale }: { face: SessionChecks["face"] | undefined; t: Translate; locale: string }) {
  if (!face) return <p className="text-sm text-zinc-500">{t("identityReview.noFace")}</p>;
  const n = new Intl.NumberFormat(locale === "es" ? "es-MX" : "en-US", { maximumFractionDigits: 3 });
  const num = (x: number | null) => (x === null ? null : n.format(x));
  const verdict = face.similarity === null ? t("identityReview.faceNotCompared") : face.similarity >= face.threshold ? t("identityReview.faceMatch") : t("identityReview.faceNoMatch");
  return (
    <div className="flex flex-col gap-3" data-testid="face-scores">
      <div>
        <p className="text-sm">
          <span className="text-zinc-600">{t("identityReview.similarity")}: </span>
          <strong data-testid="face-similarity">{num(face.similarity) ?? "—"}</strong>
          <span className="text-zinc-600"> · {t("identityReview.threshold")}: </span>
          <strong data-testid="face-threshold">{num(face.threshold)}</strong>
        </p>
        {face.similarity !== null && <ScoreBar value={face.similarity} threshold={face.threshold} />}
        <p className={`mt-1 text-sm font-medium ${face.similarity !== null && face.similarity >= face.threshold ? "text-green-800" : "text-red-700"}`}>{verdict}</p>
      </div>
      <Scores
        rows={[
          [t("identityReview.cardFaces"), String(face.card_faces)],
          [t("identityReview.selfieFaces"), String(face.selfie_faces)],
          [t("identityReview.live"), num(face.live) ?? "—"],
          [t("identityReview.real"), num(face.real) ?? "—"],
        ]}
      />
    </div>
  );
}

export function LivenessScores({ liveness, challenge, t, locale }: { liveness: SessionChecks["liveness"] | undefined; challenge: string | null; t: Translate; locale: string }) {
  const challengeCode = liveness?.challenge ?? challenge;
  const challengeText = challengeCode ? (codeText(t, "challenge", challengeCode) ?? challengeCode) : null;
  if (!liveness) {
    return (
      <div className="flex flex-col gap-2">
        <p className="text-sm text-zinc-500">{t("identityReview.noLiveness")}</p>
        {challengeText && <Scores rows={[[t("identityReview.challenge"), challengeText]]} />}
      </div>
    );
  }
  const n = new Intl.NumberFormat(locale === "es" ? "es-MX" : "en-US", { maximumFractionDigits: 2 });
  const num = (x: number | null) => (x === null ? "—" : n.format(x));
  return (
    <div className="flex flex-col gap-3" data-testid="liveness-scores">
      <Scores
        rows={[
          [t("identityReview.livenessOutcome"), <PassBadge key="p" passed={liveness.passed} t={t} />],
          [t("identityReview.challenge"), challengeText ?? "—"],
          [t("identityReview.yawSelfie"), num(liveness.yaw_selfie)],
          [t("identityReview.yawTurned"), num(liveness.yaw_turned)],
          [t("identityReview.live"), num(liveness.live)],
        ]}
      />
      {liveness.reasons.length > 0 && (
        <ul className="list-disc pl-5 text-sm">
          {liveness.reasons.map((r) => <li key={r}>{reasonText(t, r)} <span className="font-mono text-xs text-zinc-500">({r})</span></li>)}
        </ul>
      )}
    </div>
  );
}
