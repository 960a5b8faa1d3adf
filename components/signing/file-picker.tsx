"use client";

import { useState } from "react";
import { useI18n } from "@/components/providers";

/**
 * A file field that speaks the page's language: the browser's own "Choose File / No file chosen"
 * follows the browser's language, not the one the signer picked. The real input stays in the
 * page (keyboard, screen readers, tests); the visible button is a second label for it.
 */
export function FilePicker({ id, name: field, label, hint, accept, error, disabled, onPick }: { id: string; name?: string; label: string; hint?: string; accept: string; error?: string; disabled?: boolean; onPick: (file: File | undefined) => void }) {
  const { t } = useI18n();
  const [name, setName] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-1">
      <span id={`${id}-label`} className="text-sm font-medium text-zinc-800">{label}</span>
      <div className="flex min-w-0 items-center gap-3">
        <input
          id={id}
          name={field}
          type="file"
          accept={accept}
          disabled={disabled}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-name${hint ? ` ${id}-hint` : ""}${error ? ` ${id}-error` : ""}`}
          aria-invalid={error ? true : undefined}
          className="peer sr-only"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            setName(file?.name ?? null);
            onPick(file);
          }}
        />
        <label
          htmlFor={id}
          aria-hidden="true"
          className="inline-flex min-h-10 shrink-0 cursor-pointer items-center rounded-md border border-zinc-300 bg-white px-3 text-sm font-medium hover:bg-zinc-100 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60 peer-aria-invalid:border-red-500"
        >
          {t("signing.chooseFile")}
        </label>
        <span id={`${id}-name`} className={`min-w-0 text-sm [overflow-wrap:anywhere] ${name ? "text-zinc-900" : "text-zinc-500"}`} data-testid={`${id}-name`}>
          {name ?? t("signing.noFile")}
        </span>
      </div>
      {hint && <p id={`${id}-hint`} className="text-xs text-zinc-500">{hint}</p>}
      {error && <p id={`${id}-error`} role="alert" className="text-sm text-red-700">{error}</p>}
    </div>
  );
}
