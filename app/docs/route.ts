import { headers } from "next/headers";
import { nonceOf } from "@/lib/http/content-security-policy";
import { serverTranslate } from "@/lib/i18n/request-locale";

// Scalar's options that would reach other hosts, all off: its fonts (fonts.scalar.com), its
// telemetry, and its AI agent, whose registry it fetched through proxy.scalar.com. No proxyUrl:
// "Test Request" goes straight to us. The mount point must not be id="api-reference": the bundle
// starts a second reference there by itself, with the defaults (fonts and agent on).
const scalarOptions = {
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  hideClientButton: false,
  showDeveloperTools: "never",
  documentDownloadType: "json",
};

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
// JSON inside <script>: no "</script>" can close it early.
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * The human API reference: Scalar's standalone renderer, served from our own origin with
 * nothing loaded from elsewhere. Scalar has no translations, so the Spanish is ours: the page's
 * language and title, and the reference's introduction (the OpenAPI document's description,
 * which stays English in /openapi.json for machines).
 */
export async function GET() {
  const { locale, t } = await serverTranslate();
  // In English the OpenAPI document's own introduction stands; other languages replace it.
  const description = locale === "en" ? "" : t("docs.description");
  // The nonce proxy.ts put in this request's policy: without it the page's two scripts would not run.
  const nonce = escapeHtml(nonceOf((await headers()).get("content-security-policy")) ?? "");
  const page = `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>${escapeHtml(t("docs.title"))}</title>
<link rel="icon" href="/icon.svg" type="image/svg+xml" />
</head>
<body>
<main id="scalar-docs"><p>${escapeHtml(t("docs.loading"))}</p><noscript>${escapeHtml(t("docs.noScript"))}</noscript></main>
<script nonce="${nonce}" src="/docs/scalar.js"></script>
<script nonce="${nonce}">
(async () => {
  const document = await fetch("/openapi.json").then((r) => r.json());
  const description = ${scriptJson(description)};
  if (description) document.info.description = description;
  window.Scalar.createApiReference("#scalar-docs", { ...${scriptJson(scalarOptions)}, content: document });
})();
</script>
</body>
</html>`;
  return new Response(page, { headers: { "content-type": "text/html; charset=utf-8" } });
}
