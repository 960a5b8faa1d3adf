"use client";

import { useState, type FormEvent } from "react";
import { fieldErrorText } from "@/components/api-error-text";
import { useI18n } from "@/components/providers";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FolderSelect } from "./folder-select";
import { useCreateThenOpen } from "./use-create-then-open";
import type { FolderOption, TemplateRoleOption } from "./template-role";

const FIELDS = ["name", "email", "phone", "rfc"] as const;
type Person = Record<(typeof FIELDS)[number], string>;

/** «Usar plantilla»: a person per role; the document takes the template's PDF, boxes and settings. */
export function UseTemplateForm({ templateId, roles, folders }: { templateId: string; roles: TemplateRoleOption[]; folders: FolderOption[] }) {
  const { t } = useI18n();
  const [people, setPeople] = useState<Record<string, Person>>(() => Object.fromEntries(roles.map((r) => [r.key, { name: "", email: "", phone: "", rfc: r.rfc ?? "" }])));
  const [folderId, setFolderId] = useState(folders[0]?.id ?? "");
  const { create, failure, errors, busy } = useCreateThenOpen();

  function submit(e: FormEvent) {
    e.preventDefault();
    // Empty optional fields are left out rather than sent as "" (which would be refused).
    const rolesBody = Object.fromEntries(Object.entries(people).map(([key, p]) => [key, Object.fromEntries(Object.entries(p).filter(([, v]) => v.trim() !== ""))]));
    void create(`/v1/templates/${templateId}/documents`, { roles: rolesBody, container_id: folderId || undefined }, (id) => `/dashboard/documents/${id}`);
  }

  const fieldLabel = { name: t("templates.personName"), email: t("templates.personEmail"), phone: t("templates.personPhone"), rfc: t("templates.personRfc") };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4 rounded-md border border-zinc-200 bg-white p-4" aria-labelledby="use-template-title">
      <h2 id="use-template-title" className="text-lg font-semibold">{t("templates.oneTitle")}</h2>
      {roles.map((role) => (
        <fieldset key={role.key} className="grid gap-3 sm:grid-cols-2" data-testid={`role-${role.key}`}>
          <legend className="mb-1 font-medium">{role.label}</legend>
          {FIELDS.map((field) => {
            const error = (errors[`roles.${role.key}.${field}`] ?? (field === "name" ? errors[`roles.${role.key}`] : undefined))?.[0];
            return (
              <Field
                key={field}
                id={`role-${role.key}-${field}`}
                label={fieldLabel[field]}
                type={field === "email" ? "email" : "text"}
                required={field === "name" || field === "email"}
                disabled={field === "rfc" && role.rfc !== null}
                hint={field === "rfc" && role.rfc ? t("templates.fixedRfc") : undefined}
                value={people[role.key]![field]}
                onChange={(e) => setPeople((all) => ({ ...all, [role.key]: { ...all[role.key]!, [field]: e.target.value } }))}
                error={error ? fieldErrorText(t, error) : undefined}
              />
            );
          })}
        </fieldset>
      ))}
      <FolderSelect id="use-template-folder" folders={folders} value={folderId} onChange={setFolderId} />
      {failure && <p role="alert" className="text-sm text-red-700">{failure}</p>}
      <Button type="submit" disabled={busy} className="self-start">{busy ? t("templates.creating") : t("templates.create")}</Button>
    </form>
  );
}
