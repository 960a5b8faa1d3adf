import { MarkdownText } from "./markdown-text";
import { ExtensionBadge, SchemaName, SchemaView, type SchemaLabels } from "./schema-view";
import type { ApiOperation, JsonSchema } from "./types";

export type OperationLabels = SchemaLabels & {
  parameters: string;
  body: string;
  responses: string;
  auth: string;
  authApiKey: string;
  authSession: string;
  authNone: string;
  in: Record<string, string>;
};

// Text and background pairs past 4.5:1 (Tailwind's 900 on 100).
const METHOD_STYLE: Record<string, string> = {
  get: "bg-emerald-100 text-emerald-900",
  post: "bg-sky-100 text-sky-900",
  put: "bg-amber-100 text-amber-900",
  patch: "bg-amber-100 text-amber-900",
  delete: "bg-red-100 text-red-900",
};

function authText(op: ApiOperation, labels: OperationLabels): string {
  const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
  if (schemes.includes("sessionCookie")) return labels.authSession;
  if (schemes.length > 0) return labels.authApiKey;
  return labels.authNone;
}

/** One operation: method and path (wrapped, never clipped), who may call it, what it takes and answers. */
export function OperationView({ method, path, op, schemas, labels }: { method: string; path: string; op: ApiOperation; schemas: Record<string, JsonSchema>; labels: OperationLabels }) {
  const body = Object.entries(op.requestBody?.content ?? {});
  return (
    <section id={op.operationId} aria-labelledby={`${op.operationId}-title`} className="scroll-mt-4 rounded-lg border border-zinc-200 bg-white p-4 shadow-sm sm:p-6">
      <h3 id={`${op.operationId}-title`} className="text-lg font-semibold">{op.summary}</h3>
      <p className="mt-2 flex flex-wrap items-baseline gap-2">
        {op["x-rubrica-extension"] && <ExtensionBadge label={labels.extension} />}
        <span className={`rounded px-2 py-0.5 font-mono text-xs font-bold uppercase ${METHOD_STYLE[method] ?? "bg-zinc-100 text-zinc-900"}`}>{method}</span>
        <code className="min-w-0 font-mono text-sm [overflow-wrap:anywhere]">{path}</code>
      </p>
      <p className="mt-1 text-sm text-zinc-700">{labels.auth}: {authText(op, labels)}</p>
      <MarkdownText text={op.description} className="mt-3 text-sm leading-relaxed text-zinc-800" />

      {op.parameters && op.parameters.length > 0 && (
        <div className="mt-4">
          <h4 className="text-sm font-semibold">{labels.parameters}</h4>
          <ul className="mt-1 flex flex-col divide-y divide-zinc-100">
            {op.parameters.map((p) => (
              <li key={`${p.in}-${p.name}`} className="flex flex-col gap-1 py-2">
                <div className="flex flex-wrap items-baseline gap-x-2">
                  <code className="font-mono text-sm font-semibold [overflow-wrap:anywhere]">{p.name}</code>
                  <span className="text-xs text-zinc-700">{labels.in[p.in] ?? p.in}</span>
                  {p.schema?.type && <span className="font-mono text-xs text-zinc-700">{[p.schema.type].flat().join(" | ")}{p.schema.format ? ` · ${p.schema.format}` : ""}</span>}
                  {p.required && <span className="text-xs font-medium text-red-800">{labels.required}</span>}
                  {p.schema?.["x-rubrica-extension"] && <ExtensionBadge label={labels.extension} />}
                </div>
                <MarkdownText text={p.description ?? p.schema?.description} className="text-sm text-zinc-700" />
                {p.schema?.enum && <p className="text-xs text-zinc-700">{labels.values}: {p.schema.enum.map((v) => <code key={String(v)} className="mr-1 rounded bg-zinc-100 px-1 font-mono">{String(v)}</code>)}</p>}
              </li>
            ))}
          </ul>
        </div>
      )}

      {body.length > 0 && (
        <div className="mt-4">
          <h4 className="text-sm font-semibold">{labels.body} <span className="font-normal text-zinc-700">({body.map(([type]) => type).join(", ")})</span></h4>
          {body[0]![1].schema && <SchemaView schema={body[0]![1].schema} schemas={schemas} labels={labels} />}
        </div>
      )}

      <div className="mt-4">
        <h4 className="text-sm font-semibold">{labels.responses}</h4>
        <ul className="mt-1 flex flex-col gap-2">
          {Object.entries(op.responses ?? {}).map(([status, response]) => {
            const schema = Object.values(response.content ?? {})[0]?.schema;
            return (
              <li key={status} className="text-sm">
                <div className="flex flex-wrap items-baseline gap-2">
                  <span className={`rounded px-1.5 font-mono text-xs font-bold ${status.startsWith("2") ? "bg-emerald-100 text-emerald-900" : "bg-zinc-100 text-zinc-900"}`}>{status}</span>
                  <MarkdownText text={response.description} className="min-w-0 flex-1 text-zinc-800" />
                </div>
                {/* Error answers share a few shapes (Error, ValidationError, ServerError): named, not drawn again each time. */}
                {schema && !status.startsWith("2") && <SchemaName schema={schema} schemas={schemas} labels={labels} />}
                {schema && status.startsWith("2") && (
                  <details className="mt-1 ml-1 border-l-2 border-zinc-200 pl-3">
                    <summary className="cursor-pointer text-xs font-medium text-zinc-800">{labels.fields}</summary>
                    <SchemaView schema={schema} schemas={schemas} labels={labels} />
                  </details>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
