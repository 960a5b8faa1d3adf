"use client";

import { fieldErrorText } from "@/components/api-error-text";
import { useI18n } from "@/components/providers";
import { SIGNATURE_TYPE_VALUES } from "@/lib/schemas/signing";

export type SignatureType = (typeof SIGNATURE_TYPE_VALUES)[number];
export type DocumentOptions = { ordered: boolean; notify: boolean; types: SignatureType[] };

// The SAT's e.firma first: most people in Mexico have it.
const TYPE_ORDER: SignatureType[] = ["EFIRMA", "FIREL", "TEPJF", "RUBRICA"];

export const DEFAULT_OPTIONS: DocumentOptions = { ordered: false, notify: true, types: ["EFIRMA", "FIREL", "TEPJF"] };

/** Options fixed at upload: signing order, notices, and which signatures are accepted. */
export function DocumentOptionsFields({ value, onChange, errors }: { value: DocumentOptions; onChange: (next: DocumentOptions) => void; errors: Record<string, string[]> }) {
  const { t } = useI18n();
  const typesError = errors["config.allow_type_signatures"]?.map((m) => fieldErrorText(t, m)).join(" ");
  const toggleType = (type: SignatureType, on: boolean) => onChange({ ...value, types: on ? [...value.types, type] : value.types.filter((x) => x !== type) });
  return (
    <div className="flex flex-col gap-4">
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-1" checked={value.ordered} onChange={(e) => onChange({ ...value, ordered: e.target.checked })} />
        <span>
          <span className="font-medium">{t("options.ordered")}</span>
          <span className="block text-zinc-600">{t("options.orderedHint")}</span>
        </span>
      </label>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-1" checked={value.notify} onChange={(e) => onChange({ ...value, notify: e.target.checked })} />
        <span>
          <span className="font-medium">{t("options.notify")}</span>
          <span className="block text-zinc-600">{t("options.notifyHint")}</span>
        </span>
      </label>
      <fieldset aria-describedby={typesError ? "types-error" : undefined}>
        <legend className="mb-2 text-sm font-semibold">{t("options.types")}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {TYPE_ORDER.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={value.types.includes(type)} onChange={(e) => toggleType(type, e.target.checked)} />
              {t(`options.type${type}`)}
            </label>
          ))}
        </div>
        {typesError && <p id="types-error" role="alert" className="mt-1 text-sm text-red-700">{typesError}</p>}
      </fieldset>
    </div>
  );
}
