"use client";

import { fieldErrorText } from "@/components/api-error-text";
import { useI18n } from "@/components/providers";
import { Field } from "@/components/ui/field";

export type ReminderDraft = { tries: string; every: string; at: string };

/** The API's reminder fields; an empty one is left out (the API keeps or defaults it). */
export function reminderInput(r: ReminderDraft) {
  const num = (v: string) => (v.trim() === "" ? undefined : Number(v));
  return { tries: num(r.tries), remember_every: num(r.every), remember_at: r.at ? r.at.slice(0, 5) : undefined };
}

/** How many reminders, every how many days, at what hour (the folder's time zone). */
export function ReminderFields({ value, onChange, errors }: { value: ReminderDraft; onChange: (next: ReminderDraft) => void; errors: Record<string, string[]> }) {
  const { t } = useI18n();
  const err = (field: string) => errors[field]?.map((m) => fieldErrorText(t, m)).join(" ");
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold">{t("reminders.title")}</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field id="reminder-tries" type="number" min={0} max={30} inputMode="numeric" label={t("reminders.tries")} value={value.tries} onChange={(e) => onChange({ ...value, tries: e.target.value })} error={err("tries")} />
        <Field id="reminder-every" type="number" min={1} max={365} inputMode="numeric" label={t("reminders.every")} value={value.every} onChange={(e) => onChange({ ...value, every: e.target.value })} error={err("remember_every")} />
        <Field id="reminder-at" type="time" label={t("reminders.at")} value={value.at} onChange={(e) => onChange({ ...value, at: e.target.value })} error={err("remember_at")} hint={t("reminders.atHint")} />
      </div>
    </fieldset>
  );
}
