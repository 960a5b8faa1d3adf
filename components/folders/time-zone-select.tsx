"use client";

import { useI18n } from "@/components/providers";
import { TIME_ZONE_LABELS as ZONES } from "@/lib/i18n/date-format";

export function TimeZoneSelect({ id, value, onChange }: { id: string; value: string; onChange: (zone: string) => void }) {
  const { t } = useI18n();
  const known = ZONES.some(([zone]) => zone === value);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-zinc-800">{t("dashboard.timeZone")}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className="min-h-10 w-full min-w-0 rounded-md border border-zinc-300 bg-white px-3">
        {!known && <option value={value}>{value}</option>}
        {ZONES.map(([zone, label]) => (
          <option key={zone} value={zone}>{t(label)}</option>
        ))}
      </select>
    </div>
  );
}
