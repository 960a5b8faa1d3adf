import type { Metadata } from "next";
import Link from "next/link";
import { MarkdownText } from "@/components/api-reference/markdown-text";
import { OperationView, type OperationLabels } from "@/components/api-reference/operation-view";
import { HTTP_METHODS, type ApiDocument, type ApiOperation } from "@/components/api-reference/types";
import { PublicHeader } from "@/components/layout/public-header";
import { serverTranslate } from "@/lib/i18n/request-locale";
import { openApiDocument } from "@/lib/openapi/document";
import { localizedReference } from "@/lib/openapi/reference-es";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslate()).t("docs.title") };
}

type Entry = { method: string; path: string; op: ApiOperation };

/** Operations by section, in the document's order (the reference's numbering follows it). */
function sections(doc: ApiDocument): Array<[string, Entry[]]> {
  const byTag = new Map<string, Entry[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? "";
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, op }]);
    }
  }
  return [...byTag];
}

const sectionId = (tag: string) => `seccion-${tag.toLowerCase().normalize("NFD").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")}`;

/**
 * The API reference, drawn here from the OpenAPI document (lib/openapi) rather than by a
 * third-party widget: in the page's language (Spanish sections, summaries and operation
 * descriptions, lib/openapi/reference-es.ts and descriptions-es.ts), readable without JavaScript,
 * long paths wrapped, held to axe-core like every page, with the site's header and a way back.
 * Field names, paths and the fields' descriptions stay as the API speaks them (English);
 * /openapi.json is the machine-readable document.
 */
export default async function DocsPage() {
  const { locale, t } = await serverTranslate();
  const doc = localizedReference(openApiDocument() as unknown as ApiDocument, locale, t("docs.description"));
  const labels: OperationLabels = {
    required: t("docs.required"),
    fields: t("docs.fields"),
    oneOf: t("docs.oneOf"),
    values: t("docs.values"),
    defaultValue: t("docs.defaultValue"),
    arrayOf: t("docs.arrayOf"),
    repeated: t("docs.repeated"),
    extension: t("docs.extension"),
    parameters: t("docs.parameters"),
    body: t("docs.body"),
    responses: t("docs.responses"),
    auth: t("docs.auth"),
    authApiKey: t("docs.authApiKey"),
    authSession: t("docs.authSession"),
    authNone: t("docs.authNone"),
    in: { path: t("docs.inPath"), query: t("docs.inQuery"), header: t("docs.inHeader") },
  };
  const groups = sections(doc);
  const tagDescriptions = new Map(doc.tags?.map((tag) => [tag.name, tag.description]));
  return (
    <div className="flex min-h-dvh flex-col">
      <PublicHeader locale={locale} t={t} />
      <nav aria-label={t("docs.backNav")} className="flex flex-wrap gap-x-4 gap-y-1 border-b border-zinc-200 px-4 pb-3 text-sm sm:px-8">
        <Link href="/dashboard" className="text-brand-700 underline">{t("docs.toDashboard")}</Link>
        <Link href="/" className="text-brand-700 underline">{t("docs.toHome")}</Link>
        <a href="/openapi.json" className="text-brand-700 underline">{t("docs.openapi")}</a>
      </nav>
      <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-6 sm:px-8 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <nav aria-label={t("docs.contents")} className="lg:sticky lg:top-4 lg:max-h-[calc(100dvh-2rem)] lg:self-start lg:overflow-y-auto">
          <details open className="rounded-lg border border-zinc-200 bg-white p-3 lg:border-0 lg:bg-transparent lg:p-0">
            <summary className="cursor-pointer text-sm font-semibold">{t("docs.contents")}</summary>
            <ul className="mt-2 flex flex-col gap-3 text-sm">
              {groups.map(([tag, entries]) => (
                <li key={tag}>
                  <a href={`#${sectionId(tag)}`} className="font-medium text-zinc-900 underline">{tag}</a>
                  {/* A phone lists the sections only; the operations' 56 titles would fill several screens before the reference. */}
                  <ul className="mt-1 hidden flex-col gap-1 border-l border-zinc-200 pl-3 lg:flex">
                    {entries.map(({ op }) => (
                      <li key={op.operationId}><a href={`#${op.operationId}`} className="text-zinc-700 hover:underline">{op.summary}</a></li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </details>
        </nav>
        <main className="flex min-w-0 flex-col gap-8">
          <div className="flex flex-col gap-3">
            <h1 className="text-2xl font-semibold">{t("docs.heading")}</h1>
            <p className="text-sm text-zinc-700">{doc.info.title} {doc.info.version}</p>
            <MarkdownText text={doc.info.description} className="text-sm leading-relaxed text-zinc-800" />
          </div>
          {groups.map(([tag, entries]) => (
            <section key={tag} id={sectionId(tag)} aria-labelledby={`${sectionId(tag)}-title`} className="flex scroll-mt-4 flex-col gap-4">
              <div className="flex flex-col gap-1">
                <h2 id={`${sectionId(tag)}-title`} className="text-xl font-semibold">{tag}</h2>
                <MarkdownText text={tagDescriptions.get(tag)} className="text-sm text-zinc-700" />
              </div>
              {entries.map(({ method, path, op }) => (
                <OperationView key={op.operationId} method={method} path={path} op={op} schemas={doc.components.schemas} labels={labels} />
              ))}
            </section>
          ))}
        </main>
      </div>
    </div>
  );
}
