import { useI18n } from "@/components/providers";
import type { FolderOption } from "./template-role";

/** The work folder new documents go to; the first is «mis documentos». */
export function FolderSelect({ id, folders, value, onChange }: { id: string; folders: FolderOption[]; value: string; onChange: (id: string) => void }) {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-zinc-800">{t("templates.folder")}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className="min-h-10 rounded-md border border-zinc-300 bg-white px-3 py-2 text-base">
        {folders.map((f) => (
          <option key={f.id} value={f.id}>{f.name}</option>
        ))}
      </select>
    </div>
  );
}
