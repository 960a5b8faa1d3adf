import { MarkdownText } from "./markdown-text";
import type { JsonSchema } from "./types";

export type SchemaLabels = { required: string; fields: string; oneOf: string; values: string; defaultValue: string; arrayOf: string; repeated: string; extension: string };

// Violet 900 on violet 100: past 4.5:1, and unlike the methods' and statuses' colours.
/** The mark of what Rúbrica adds to the reference API (`x-rubrica-extension`), for operations and fields alike. */
export function ExtensionBadge({ label }: { label: string }) {
  return <span className="rounded bg-violet-100 px-1.5 py-0.5 text-xs font-medium text-violet-900">{label}</span>;
}

const MAX_DEPTH = 4;

type Ctx = { schemas: Record<string, JsonSchema>; labels: SchemaLabels; seen: string[]; depth: number };

const refName = (ref: string) => ref.split("/").at(-1)!;

/** The schema behind $refs, and allOf's parts merged into one object (what a reader needs). */
function resolve(schema: JsonSchema, ctx: Ctx): { schema: JsonSchema; name: string | null } {
  if (schema.$ref) {
    const name = refName(schema.$ref);
    const target = ctx.schemas[name] ?? {};
    return { schema: { ...target, description: schema.description ?? target.description }, name };
  }
  if (schema.allOf) {
    const parts = schema.allOf.map((p) => resolve(p, ctx).schema);
    return {
      schema: {
        type: "object",
        description: schema.description ?? parts.find((p) => p.description)?.description,
        properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})),
        required: parts.flatMap((p) => p.required ?? []),
      },
      name: null,
    };
  }
  return { schema, name: null };
}

/** anyOf/oneOf with null as one choice is "nullable"; the other choices are what is drawn. */
function choices(schema: JsonSchema): { options: JsonSchema[]; nullable: boolean } {
  const all = schema.anyOf ?? schema.oneOf ?? [];
  const options = all.filter((s) => s.type !== "null");
  return { options, nullable: options.length < all.length };
}

function typeLabel(schema: JsonSchema, ctx: Ctx): string {
  const { schema: s, name } = resolve(schema, ctx);
  if (s.anyOf || s.oneOf) {
    const { options, nullable } = choices(s);
    return [...options.map((o) => typeLabel(o, ctx)), ...(nullable ? ["null"] : [])].join(" | ");
  }
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  const main = types.map((t) => (t === "array" && s.items ? `${ctx.labels.arrayOf} ${typeLabel(s.items, ctx)}` : t)).join(" | ") || (s.properties ? "object" : "any");
  return [name ?? main, s.format].filter(Boolean).join(" · ");
}

function limits(s: JsonSchema): string {
  const out: string[] = [];
  if (s.minLength !== undefined || s.maxLength !== undefined) out.push(`${s.minLength ?? 0}–${s.maxLength ?? "∞"} chars`);
  if (s.minimum !== undefined || s.maximum !== undefined) out.push(`${s.minimum ?? "−∞"}–${s.maximum ?? "∞"}`);
  if (s.minItems !== undefined || s.maxItems !== undefined) out.push(`${s.minItems ?? 0}–${s.maxItems ?? "∞"} items`);
  return out.join(", ");
}

/** What is inside an object (its fields) or an array of objects, or the alternatives of a union. */
function Children({ schema, ctx }: { schema: JsonSchema; ctx: Ctx }) {
  const { schema: s, name } = resolve(schema, ctx);
  if (name && ctx.seen.includes(name)) return <p className="text-xs text-zinc-600">{ctx.labels.repeated.replace("{name}", name)}</p>;
  if (ctx.depth >= MAX_DEPTH) return null;
  const next: Ctx = { ...ctx, seen: name ? [...ctx.seen, name] : ctx.seen, depth: ctx.depth + 1 };
  if (s.anyOf || s.oneOf) {
    const { options } = choices(s);
    if (options.length === 1) return <Children schema={options[0]!} ctx={next} />;
    return (
      <div className="flex flex-col gap-1">
        <p className="text-xs font-medium text-zinc-700">{ctx.labels.oneOf}</p>
        {options.map((o, i) => (
          <div key={i} className="border-l-2 border-zinc-200 pl-3">
            <p className="font-mono text-xs text-zinc-700">{typeLabel(o, ctx)}</p>
            <Children schema={o} ctx={next} />
          </div>
        ))}
      </div>
    );
  }
  if (s.items) return <Children schema={s.items} ctx={next} />;
  if (!s.properties || Object.keys(s.properties).length === 0) return null;
  return <Fields schema={s} ctx={next} />;
}

function Fields({ schema, ctx }: { schema: JsonSchema; ctx: Ctx }) {
  const required = new Set(schema.required ?? []);
  return (
    <ul className="flex flex-col divide-y divide-zinc-100">
      {Object.entries(schema.properties ?? {}).map(([field, sub]) => {
        const { schema: s } = resolve(sub, ctx);
        const range = limits(s);
        const nested = <Children schema={sub} ctx={ctx} />;
        return (
          <li key={field} className="flex flex-col gap-1 py-2">
            <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
              <code className="font-mono text-sm font-semibold [overflow-wrap:anywhere]">{field}</code>
              <span className="font-mono text-xs text-zinc-700 [overflow-wrap:anywhere]">{typeLabel(sub, ctx)}</span>
              {required.has(field) && <span className="text-xs font-medium text-red-800">{ctx.labels.required}</span>}
              {(sub["x-rubrica-extension"] ?? s["x-rubrica-extension"]) && <ExtensionBadge label={ctx.labels.extension} />}
              {range && <span className="text-xs text-zinc-700">{range}</span>}
            </div>
            <MarkdownText text={sub.description ?? s.description} className="text-sm text-zinc-700" />
            {s.enum && <p className="text-xs text-zinc-700">{ctx.labels.values}: {s.enum.map((v) => <code key={String(v)} className="mr-1 rounded bg-zinc-100 px-1 font-mono">{JSON.stringify(v)}</code>)}</p>}
            {s.default !== undefined && <p className="text-xs text-zinc-700">{ctx.labels.defaultValue}: <code className="rounded bg-zinc-100 px-1 font-mono [overflow-wrap:anywhere]">{JSON.stringify(s.default)}</code></p>}
            {hasChildren(sub, ctx) && (
              <details className="ml-1 border-l-2 border-zinc-200 pl-3">
                <summary className="cursor-pointer text-xs font-medium text-zinc-800">{ctx.labels.fields}</summary>
                {nested}
              </details>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function hasChildren(schema: JsonSchema, ctx: Ctx): boolean {
  const { schema: s } = resolve(schema, ctx);
  if (s.anyOf || s.oneOf) return choices(s).options.some((o) => hasChildren(o, ctx));
  if (s.items) return hasChildren(s.items, ctx);
  return Boolean(s.properties && Object.keys(s.properties).length > 0);
}

/** Only a body's type (an error's `Error`, `ValidationError`): the same few shapes on every operation. */
export function SchemaName({ schema, schemas, labels }: { schema: JsonSchema; schemas: Record<string, JsonSchema>; labels: SchemaLabels }) {
  return <span className="font-mono text-xs text-zinc-700">{typeLabel(schema, { schemas, labels, seen: [], depth: 0 })}</span>;
}

/** A request or response body: its type, its description and its fields, nested on demand. */
export function SchemaView({ schema, schemas, labels }: { schema: JsonSchema; schemas: Record<string, JsonSchema>; labels: SchemaLabels }) {
  const ctx: Ctx = { schemas, labels, seen: [], depth: 0 };
  const { schema: s } = resolve(schema, ctx);
  return (
    <div className="flex flex-col gap-1">
      <p className="font-mono text-xs text-zinc-700 [overflow-wrap:anywhere]">{typeLabel(schema, ctx)}</p>
      <MarkdownText text={s.description} className="text-sm text-zinc-700" />
      <Children schema={schema} ctx={ctx} />
    </div>
  );
}
