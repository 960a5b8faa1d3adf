import { button, emailLayout, escapeHtml } from "./render";

export type Locale = "es" | "en";
export type RenderedMessage = { subject: string; html: string; text: string };

type TemplateParams = {
  welcome: { name: string; dashboardUrl: string };
};
export type TemplateName = keyof TemplateParams;

const copy = {
  welcome: {
    es: (p: TemplateParams["welcome"]) => ({
      subject: "Te damos la bienvenida a Rúbrica",
      greeting: `Hola, ${p.name}:`,
      lines: [
        "Tu cuenta está lista. Tus documentos empiezan en la carpeta «mis documentos».",
        "Desde el panel puedes crear claves de API, invitar a firmantes y seguir cada firma.",
      ],
      action: "Abrir el panel",
      footer: "Recibes este correo porque creaste una cuenta en Rúbrica.",
    }),
    en: (p: TemplateParams["welcome"]) => ({
      subject: "Welcome to Rúbrica",
      greeting: `Hello ${p.name},`,
      lines: [
        "Your account is ready. Your documents start in the folder “mis documentos”.",
        "From the dashboard you can create API keys, invite signers and follow every signature.",
      ],
      action: "Open the dashboard",
      footer: "You receive this e-mail because you created a Rúbrica account.",
    }),
  },
} as const;

const actionUrl = (name: TemplateName, params: TemplateParams[TemplateName]): string | null =>
  name === "welcome" ? (params as TemplateParams["welcome"]).dashboardUrl : null;

/** Renders a message in the recipient's language as HTML (e-mail) and plain text (WhatsApp, text part). */
export function renderMessage<N extends TemplateName>(name: N, locale: Locale, params: TemplateParams[N]): RenderedMessage {
  const c = (copy[name][locale] as (p: TemplateParams[N]) => { subject: string; greeting: string; lines: readonly string[]; action: string | null; footer: string })(params);
  const url = actionUrl(name, params);
  const bodyHtml = [
    `<p>${escapeHtml(c.greeting)}</p>`,
    ...c.lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    c.action && url ? button(url, c.action) : "",
  ].join("\n");
  const text = [c.greeting, "", ...c.lines, ...(c.action && url ? ["", `${c.action}: ${url}`] : [])].join("\n");
  return { subject: c.subject, html: emailLayout({ lang: locale, title: c.subject, bodyHtml, footer: c.footer }), text };
}
