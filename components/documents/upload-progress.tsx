"use client";

import { useI18n } from "@/components/providers";

/** The bytes sent so far; once all are sent the server still checks and stores the PDF. */
export function UploadProgress({ percent, done }: { percent: number; done: boolean }) {
  const { t } = useI18n();
  const label = done ? t("upload.done") : percent < 100 ? t("upload.uploading", { percent }) : t("upload.processing");
  return (
    <div className="flex flex-col gap-1">
      <div
        role="progressbar"
        aria-label={t("upload.progressLabel")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        className="h-3 w-full overflow-hidden rounded-full bg-zinc-200"
      >
        <div className="h-full rounded-full bg-brand-700 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p aria-live="polite" className="text-sm text-zinc-700">{label}</p>
    </div>
  );
}
