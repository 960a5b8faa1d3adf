import type { EmailBrand } from "@/lib/schemas/company-profile";
import { button, emailLayout, escapeHtml } from "./render";

export type Locale = "es" | "en";
export type RenderedMessage = { subject: string; html: string; text: string };

/** `brand`: the sending account's company (name, logo, colour), drawn in the e-mail's header. */
type Branded = { brand?: EmailBrand };
type SigningParams = { name: string; documentName: string; ownerName: string; signingUrl: string } & Branded;
type TemplateParams = {
  welcome: { name: string; dashboardUrl: string };
  "signing-request": SigningParams;
  "signing-reminder": SigningParams & { reminder: number; of: number };
  "spectator-notice": { name: string; documentName: string; ownerName: string; signers: string[] } & Branded;
  "document-completed": { name: string; documentName: string; signers: string[]; documentUrl: string | null } & Branded;
  "document-rejected": { name: string; documentName: string; rejectedBy: string; reason: string; documentUrl: string | null } & Branded;
  "identity-verification": { requesterName: string; verificationUrl: string } & Branded;
  "folder-invitation": { inviterName: string; folderName: string; invitationUrl: string };
  "confirm-email": { name: string; confirmUrl: string };
  "account-exists": { name: string; signInUrl: string; resetUrl: string };
  "password-reset": { name: string; resetUrl: string; minutes: number };
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
  "signing-request": {
    es: (p: SigningParams) => ({
      subject: `${p.ownerName} te pide firmar «${p.documentName}»`,
      greeting: `Hola, ${p.name}:`,
      lines: [
        `${p.ownerName} te envió «${p.documentName}» para que lo firmes en Rúbrica.`,
        "Puedes leerlo completo antes de firmar, con tu e.firma u otro certificado, o rechazarlo indicando el motivo.",
        "Este enlace es personal: no lo compartas.",
      ],
      action: "Revisar y firmar",
      footer: "Recibes este mensaje porque alguien te pidió firmar un documento con Rúbrica.",
    }),
    en: (p: SigningParams) => ({
      subject: `${p.ownerName} asks you to sign “${p.documentName}”`,
      greeting: `Hello ${p.name},`,
      lines: [
        `${p.ownerName} sent you “${p.documentName}” to sign on Rúbrica.`,
        "You can read all of it before signing with your e.firma or another certificate, or reject it with a reason.",
        "This link is personal: do not share it.",
      ],
      action: "Review and sign",
      footer: "You receive this message because someone asked you to sign a document with Rúbrica.",
    }),
  },
  "signing-reminder": {
    es: (p: TemplateParams["signing-reminder"]) => ({
      subject: `Recordatorio: «${p.documentName}» espera tu firma`,
      greeting: `Hola, ${p.name}:`,
      lines: [`${p.ownerName} sigue esperando tu firma en «${p.documentName}».`, `Recordatorio ${p.reminder} de ${p.of}. Este enlace es personal: no lo compartas.`],
      action: "Revisar y firmar",
      footer: "Dejarás de recibir recordatorios en cuanto firmes o rechaces el documento.",
    }),
    en: (p: TemplateParams["signing-reminder"]) => ({
      subject: `Reminder: “${p.documentName}” is waiting for your signature`,
      greeting: `Hello ${p.name},`,
      lines: [`${p.ownerName} is still waiting for your signature on “${p.documentName}”.`, `Reminder ${p.reminder} of ${p.of}. This link is personal: do not share it.`],
      action: "Review and sign",
      footer: "Reminders stop as soon as you sign or reject the document.",
    }),
  },
  "spectator-notice": {
    es: (p: TemplateParams["spectator-notice"]) => ({
      subject: `Te agregaron como observador de «${p.documentName}»`,
      greeting: `Hola, ${p.name}:`,
      lines: [`${p.ownerName} te agregó como observador de «${p.documentName}».`, `Firmantes: ${p.signers.join(", ")}.`, "No necesitas hacer nada; te avisaremos cuando el proceso termine."],
      action: null,
      footer: "Recibes este mensaje porque alguien te agregó como observador de un documento en Rúbrica.",
    }),
    en: (p: TemplateParams["spectator-notice"]) => ({
      subject: `You were added as an observer of “${p.documentName}”`,
      greeting: `Hello ${p.name},`,
      lines: [`${p.ownerName} added you as an observer of “${p.documentName}”.`, `Signers: ${p.signers.join(", ")}.`, "You need not do anything; we will tell you when signing is complete."],
      action: null,
      footer: "You receive this message because someone added you as an observer of a document on Rúbrica.",
    }),
  },
  "document-completed": {
    es: (p: TemplateParams["document-completed"]) => ({
      subject: `«${p.documentName}» está firmado por todos`,
      greeting: `Hola, ${p.name}:`,
      lines: [
        `Todas las personas firmaron «${p.documentName}»: ${p.signers.join(", ")}.`,
        "El PDF lleva el sello de Rúbrica con estampa de tiempo y la constancia de conservación; puedes verificarlo en cualquier momento.",
      ],
      action: p.documentUrl ? "Ver el documento firmado" : null,
      footer: "Recibes este mensaje porque participas en este documento.",
    }),
    en: (p: TemplateParams["document-completed"]) => ({
      subject: `“${p.documentName}” is signed by everyone`,
      greeting: `Hello ${p.name},`,
      lines: [
        `Everyone signed “${p.documentName}”: ${p.signers.join(", ")}.`,
        "The PDF carries Rúbrica's seal with a timestamp and the retention certificate; you can verify it at any time.",
      ],
      action: p.documentUrl ? "See the signed document" : null,
      footer: "You receive this message because you take part in this document.",
    }),
  },
  "document-rejected": {
    es: (p: TemplateParams["document-rejected"]) => ({
      subject: `${p.rejectedBy} rechazó firmar «${p.documentName}»`,
      greeting: `Hola, ${p.name}:`,
      lines: [
        `${p.rejectedBy} rechazó firmar «${p.documentName}». Su motivo: «${quoted(p.reason)}».`,
        "El proceso de firma terminó: nadie más puede firmar este documento y no tiene validez como documento firmado. Las firmas que ya se hicieron quedan registradas.",
      ],
      action: p.documentUrl ? "Ver el documento" : null,
      footer: "Recibes este mensaje porque participas en este documento.",
    }),
    en: (p: TemplateParams["document-rejected"]) => ({
      subject: `${p.rejectedBy} declined to sign “${p.documentName}”`,
      greeting: `Hello ${p.name},`,
      lines: [
        `${p.rejectedBy} declined to sign “${p.documentName}”. Their reason: “${quoted(p.reason)}.”`,
        "Signing has ended: nobody else can sign this document and it has no value as a signed document. Signatures already made stay on record.",
      ],
      action: p.documentUrl ? "See the document" : null,
      footer: "You receive this message because you take part in this document.",
    }),
  },
  "identity-verification": {
    es: (p: TemplateParams["identity-verification"]) => ({
      subject: `${p.requesterName} te pide verificar tu identidad`,
      greeting: "Hola:",
      lines: [
        `${p.requesterName} te pide verificar tu identidad con Rúbrica: fotos de tu INE por ambos lados y una selfie, desde tu celular.`,
        "Toma unos minutos. Este enlace es personal: no lo compartas.",
      ],
      action: "Verificar mi identidad",
      footer: "Recibes este mensaje porque alguien inició una verificación de identidad con tu número.",
    }),
    en: (p: TemplateParams["identity-verification"]) => ({
      subject: `${p.requesterName} asks you to verify your identity`,
      greeting: "Hello,",
      lines: [
        `${p.requesterName} asks you to verify your identity with Rúbrica: photos of both sides of your INE and a selfie, from your phone.`,
        "It takes a few minutes. This link is personal: do not share it.",
      ],
      action: "Verify my identity",
      footer: "You receive this message because someone started an identity verification with your number.",
    }),
  },
  "folder-invitation": {
    es: (p: TemplateParams["folder-invitation"]) => ({
      subject: `${p.inviterName} te invita a su carpeta «${p.folderName}» en Rúbrica`,
      greeting: "Hola:",
      lines: [
        `${p.inviterName} te invita a compartir su carpeta «${p.folderName}»: verías y editarías sus documentos.`,
        "Abre el enlace para aceptar o rechazar la invitación. Solo la acepta una cuenta de Rúbrica con esta misma dirección, ya confirmada; si aún no tienes cuenta, créala con esta dirección. Nada se comparte hasta que aceptes.",
        "Este enlace es personal: no lo compartas.",
      ],
      action: "Ver la invitación",
      footer: "Recibes este correo porque alguien escribió tu dirección para compartir una carpeta en Rúbrica.",
    }),
    en: (p: TemplateParams["folder-invitation"]) => ({
      subject: `${p.inviterName} invites you to their folder “${p.folderName}” on Rúbrica`,
      greeting: "Hello,",
      lines: [
        `${p.inviterName} invites you to share their folder “${p.folderName}”: you would see and edit its documents.`,
        "Open the link to accept or decline. Only a Rúbrica account with this same address, confirmed, can accept it; if you have no account yet, create one with this address. Nothing is shared until you accept.",
        "This link is personal: do not share it.",
      ],
      action: "See the invitation",
      footer: "You receive this e-mail because someone entered your address to share a folder on Rúbrica.",
    }),
  },
  "confirm-email": {
    es: (p: TemplateParams["confirm-email"]) => ({
      subject: "Confirma tu correo en Rúbrica",
      greeting: `Hola, ${p.name}:`,
      lines: [
        "Alguien, seguramente tú, creó una cuenta de Rúbrica con esta dirección. Confírmala con el botón: el enlace vale 48 horas y sirve una vez.",
        "Hasta entonces puedes usar tu carpeta «mis documentos», pero no aceptar invitaciones a carpetas ajenas ni invitar a otras personas.",
        "Si no fuiste tú, ignora este correo: sin confirmar, la cuenta no recibe nada dirigido a tu dirección.",
      ],
      action: "Confirmar mi correo",
      footer: "Recibes este correo porque alguien creó una cuenta en Rúbrica con tu dirección.",
    }),
    en: (p: TemplateParams["confirm-email"]) => ({
      subject: "Confirm your e-mail on Rúbrica",
      greeting: `Hello ${p.name},`,
      lines: [
        "Someone, most likely you, created a Rúbrica account with this address. Confirm it with the button: the link works for 48 hours, once.",
        "Until then you can use your folder “mis documentos”, but not accept invitations to other people's folders nor invite anyone.",
        "If it was not you, ignore this e-mail: unconfirmed, the account gets nothing meant for your address.",
      ],
      action: "Confirm my e-mail",
      footer: "You receive this e-mail because someone created a Rúbrica account with your address.",
    }),
  },
  "account-exists": {
    es: (p: TemplateParams["account-exists"]) => ({
      subject: "Ya tienes una cuenta en Rúbrica",
      greeting: `Hola, ${p.name}:`,
      lines: [
        "Alguien intentó crear una cuenta de Rúbrica con esta dirección, pero ya tienes una: no se creó otra ni cambió nada.",
        "Si fuiste tú, inicia sesión con tu contraseña; si no la recuerdas, pide un enlace para elegir otra en " + p.resetUrl + " .",
        "Si no fuiste tú, puedes ignorar este correo.",
      ],
      action: "Iniciar sesión",
      footer: "Recibes este correo porque alguien escribió tu dirección al crear una cuenta en Rúbrica.",
    }),
    en: (p: TemplateParams["account-exists"]) => ({
      subject: "You already have a Rúbrica account",
      greeting: `Hello ${p.name},`,
      lines: [
        "Someone tried to create a Rúbrica account with this address, but you already have one: no other was created and nothing changed.",
        "If it was you, sign in with your password; if you forgot it, ask for a link to choose another at " + p.resetUrl + " .",
        "If it was not you, you can ignore this e-mail.",
      ],
      action: "Sign in",
      footer: "You receive this e-mail because someone entered your address to create a Rúbrica account.",
    }),
  },
  "password-reset": {
    es: (p: TemplateParams["password-reset"]) => ({
      subject: "Elige una contraseña nueva para Rúbrica",
      greeting: `Hola, ${p.name}:`,
      lines: [
        `Pediste elegir una contraseña nueva. El enlace vale ${p.minutes} minutos y sirve una vez; al usarlo se cierran tus otras sesiones.`,
        "Si no lo pediste, ignora este correo: tu contraseña no cambia.",
      ],
      action: "Elegir contraseña nueva",
      footer: "Recibes este correo porque alguien pidió restablecer la contraseña de tu cuenta de Rúbrica.",
    }),
    en: (p: TemplateParams["password-reset"]) => ({
      subject: "Choose a new password for Rúbrica",
      greeting: `Hello ${p.name},`,
      lines: [
        `You asked to choose a new password. The link works for ${p.minutes} minutes, once; using it ends your other sessions.`,
        "If you did not ask, ignore this e-mail: your password does not change.",
      ],
      action: "Choose a new password",
      footer: "You receive this e-mail because someone asked to reset the password of your Rúbrica account.",
    }),
  },
} as const;

/** A person's words inside our sentence: their closing period gives way to ours («…vigencia».). */
const quoted = (words: string) => words.trim().replace(/\.+$/, "");

function actionUrl(params: TemplateParams[TemplateName]): string | null {
  if ("dashboardUrl" in params) return params.dashboardUrl;
  if ("signingUrl" in params) return params.signingUrl;
  if ("documentUrl" in params) return params.documentUrl;
  if ("verificationUrl" in params) return params.verificationUrl;
  if ("invitationUrl" in params) return params.invitationUrl;
  if ("confirmUrl" in params) return params.confirmUrl;
  if ("signInUrl" in params) return params.signInUrl;
  if ("resetUrl" in params) return params.resetUrl;
  return null;
}

/** Renders a message in the recipient's language as HTML (e-mail) and plain text (WhatsApp, text part). */
export function renderMessage<N extends TemplateName>(name: N, locale: Locale, params: TemplateParams[N]): RenderedMessage {
  const c = (copy[name][locale] as (p: TemplateParams[N]) => { subject: string; greeting: string; lines: readonly string[]; action: string | null; footer: string })(params);
  const url = actionUrl(params);
  const bodyHtml = [
    `<p>${escapeHtml(c.greeting)}</p>`,
    ...c.lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    c.action && url ? button(url, c.action) : "",
  ].join("\n");
  const text = [c.greeting, "", ...c.lines, ...(c.action && url ? ["", `${c.action}: ${url}`] : [])].join("\n");
  return { subject: c.subject, html: emailLayout({ lang: locale, title: c.subject, bodyHtml, footer: c.footer, brand: "brand" in params ? params.brand : undefined }), text };
}
