import type { InputHTMLAttributes } from "react";

/** A labelled input with its hint and error wired to aria-describedby. */
export function Field({ label, hint, error, id, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string; error?: string; id: string }) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-zinc-800">{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="min-h-10 rounded-md border border-zinc-300 bg-white px-3 py-2 text-base aria-invalid:border-red-500"
        {...input}
      />
      {hint && <p id={`${id}-hint`} className="text-xs text-zinc-500">{hint}</p>}
      {error && <p id={`${id}-error`} role="alert" className="text-sm text-red-700">{error}</p>}
    </div>
  );
}
