import type { EmailBrand } from "@/lib/schemas/company-profile";

/** Escapes text for HTML: names like "Peña" arrive from users and go into e-mails. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/**
 * The header: Rúbrica's name, or the sender's company (name, logo, colour with the text colour
 * that reads on it, lib/schemas/brand-color.ts) when the message goes out on its behalf.
 */
function header(brand: EmailBrand | undefined): string {
  if (!brand) return `<td style="padding:20px 24px;border-bottom:1px solid #e4e4e7;font-size:20px;font-weight:bold;color:#9f1239">Rúbrica</td>`;
  const colors = brand.color && brand.textColor ? `background:${brand.color};color:${brand.textColor};border-radius:8px 8px 0 0` : "color:#18181b;border-bottom:1px solid #e4e4e7";
  // The logo on white, so a dark logo stays visible on a dark brand colour.
  const logo = brand.logoUrl ? `<img src="${escapeHtml(brand.logoUrl)}" alt="" height="40" style="height:40px;max-width:200px;vertical-align:middle;background:#ffffff;border-radius:4px;padding:4px;margin-right:12px">` : "";
  return `<td style="padding:16px 24px;font-size:20px;font-weight:bold;${colors}">${logo}<span style="vertical-align:middle">${escapeHtml(brand.name)}</span></td>`;
}

/** The shared e-mail frame: one column, inline styles (mail clients drop <style>), UTF-8. */
export function emailLayout(opts: { lang: string; title: string; bodyHtml: string; footer: string; brand?: EmailBrand }): string {
  return `<!doctype html>
<html lang="${opts.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(opts.title)}</title></head>
<body style="margin:0;background:#f4f4f5;font-family:Helvetica,Arial,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr>${header(opts.brand)}</tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.5;overflow-wrap:anywhere;word-break:break-word">${opts.bodyHtml}</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e4e4e7;font-size:12px;color:#71717a">${escapeHtml(opts.footer)}</td></tr>
</table></td></tr></table></body></html>`;
}

export function button(href: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="background:#9f1239;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(label)}</a></p>`;
}
