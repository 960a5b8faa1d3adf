/** What the template pages hand their forms: a role as the person filling it in needs it. */
export type TemplateRoleOption = { key: string; label: string; rfc: string | null };
export type FolderOption = { id: string; name: string };
