import type { TemplateRow } from "@/lib/db/schema";
import type { PersonInput } from "@/lib/schemas/templates";
import type { DocumentDraft } from "@/lib/services/documents/insert-documents";

/** What of a template a document is made from. */
export type DraftTemplate = Pick<TemplateRow, "id" | "fileName" | "roles" | "signatureOrdered" | "notificationMode" | "signPosition" | "allowTypeSignatures" | "tries" | "rememberEvery" | "rememberAt" | "redirectUrl">;

export type DraftOutcome = { ok: true; draft: DocumentDraft } | { ok: false; errors: Record<string, string[]> };

/**
 * A document from a template and a person per role: the template's PDF, boxes, order and
 * settings, these people. Pure, so a bulk send checks every row with it before making any.
 * A role with a fixed RFC takes it when the person gives none and refuses another one. The
 * template's redirect_url goes with it unless the request gives its own.
 */
export function draftFromTemplate(
  template: DraftTemplate,
  people: Record<string, PersonInput>,
  // redirectUrl: the request's own (null: none); left out, the template's.
  extra: { fileName?: string; spectators?: { name: string; email: string }[]; field?: string; redirectUrl?: string | null } = {},
): DraftOutcome {
  const field = extra.field ?? "roles";
  const errors: Record<string, string[]> = {};
  const add = (path: string, message: string) => (errors[path] ??= []).push(message);
  const known = new Set(template.roles.map((r) => r.key));
  for (const key of Object.keys(people)) if (!known.has(key)) add(`${field}.${key}`, `The template has no role «${key}»; its roles: ${[...known].join(", ")}.`);
  const seen = new Map<string, string>();
  const signers = template.roles.map((role) => {
    const person = people[role.key];
    if (!person) {
      add(`${field}.${role.key}`, `Required: the person for «${role.label}».`);
      return null;
    }
    if (role.rfc && person.rfc && person.rfc !== role.rfc) add(`${field}.${role.key}.rfc`, `This role's RFC is fixed by the template: ${role.rfc}.`);
    const other = seen.get(person.email);
    if (other) add(`${field}.${role.key}.email`, `Already given for «${other}»: each signer needs their own e-mail.`);
    seen.set(person.email, role.key);
    return { name: person.name, email: person.email, phone: person.phone ?? null, rfc: role.rfc ?? person.rfc ?? null, rfcFixed: Boolean(role.rfc), curp: person.curp ?? null, positions: role.positions };
  });
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    draft: {
      fileName: extra.fileName ?? template.fileName,
      signatureOrdered: template.signatureOrdered,
      notificationMode: template.notificationMode,
      signPosition: template.signPosition,
      allowTypeSignatures: template.allowTypeSignatures,
      tries: template.tries,
      rememberEvery: template.rememberEvery,
      rememberAt: template.rememberAt,
      redirectUrl: extra.redirectUrl === undefined ? template.redirectUrl : extra.redirectUrl,
      signatories: signers.filter((s) => s !== null),
      spectators: extra.spectators ?? [],
      audit: { templateId: template.id },
    },
  };
}
