import type { Translate } from "@/lib/i18n/translate";
import { codeText } from "./review-text";

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A registry's field name in words: its label when we know the field, else "consultado_en" → "Consultado en". */
function label(t: Translate, key: string): string {
  const known = codeText(t, "field", key);
  if (known) return known;
  const words = key.replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type Options = { t: Translate; formatDate: (d: Date) => string };

function Value({ value, depth, ...o }: { value: unknown; depth: number } & Options) {
  const { t } = o;
  if (value === null || value === undefined) return <span className="text-zinc-500">—</span>;
  if (typeof value === "boolean") return <>{value ? t("identityReview.yes") : t("identityReview.no")}</>;
  if (typeof value === "string") {
    if (value === "") return <span className="text-zinc-500">{t("identityReview.emptyValue")}</span>;
    // When the registry answered, in the reader's time zone; the exact value stays in the markup.
    if (TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value))) return <time dateTime={value} title={value}>{o.formatDate(new Date(value))}</time>;
    return <>{value}</>;
  }
  if (typeof value === "number") return <>{String(value)}</>;
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== "object")) return <>{value.map((v) => (v === null ? "—" : String(v))).join(", ") || "—"}</>;
    return (
      <ol className="flex list-decimal flex-col gap-2 pl-5">
        {value.map((v, i) => <li key={i}><Value value={v} depth={depth + 1} {...o} /></li>)}
      </ol>
    );
  }
  // Deeper than this, the raw text says as much to a reviewer.
  if (depth > 3) return <code className="break-all text-xs">{JSON.stringify(value)}</code>;
  return <JsonFacts value={value as Record<string, unknown>} depth={depth + 1} {...o} />;
}

/** Any registry answer (stored as it came) as a readable definition list, nested objects indented. */
export function JsonFacts({ value, depth = 0, testId, ...o }: { value: Record<string, unknown>; depth?: number; testId?: string } & Options) {
  const entries = Object.entries(value);
  if (!entries.length) return <span className="text-zinc-500">{o.t("identityReview.emptyValue")}</span>;
  return (
    <dl
      className={`grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3 gap-y-1 text-sm sm:grid-cols-[minmax(8rem,12rem)_1fr] sm:gap-x-4 ${depth > 0 ? "mb-1 border-l-2 border-zinc-200 pl-3 sm:mb-0" : ""}`}
      data-testid={testId}
    >
      {entries.map(([k, v]) => {
        const nested = v !== null && typeof v === "object" && !Array.isArray(v);
        return (
          <div key={k} className="contents">
            <dt className={`text-zinc-600 ${nested ? "col-span-2 sm:col-span-1" : ""}`}>{label(o.t, k)}</dt>
            {nested ? (
              <dd className="col-span-2 min-w-0 sm:col-span-1"><Value value={v} depth={depth} {...o} /></dd>
            ) : (
              <dd className="min-w-0 break-words font-medium"><Value value={v} depth={depth} {...o} /></dd>
            )}
          </div>
        );
      })}
    </dl>
  );
}
