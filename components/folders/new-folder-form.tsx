"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { apiErrorText, fieldErrorText } from "@/components/api-error-text";
import { ApiError, apiRequest } from "@/components/api-request";
import { useI18n } from "@/components/providers";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { TimeZoneSelect } from "./time-zone-select";

type Created = { data: { id: string; attributes: { name: string } }[] };

/** "Nueva carpeta": name, optional RFC and time zone; the list above refreshes with it. */
export function NewFolderForm() {
  const { t } = useI18n();
  const router = useRouter();
  const [name, setName] = useState("");
  const [rfc, setRfc] = useState("");
  const [zone, setZone] = useState("America/Mexico_City");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<{ id: string; name: string } | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setPending(true);
    setProblem(null);
    setErrors({});
    try {
      const res = await apiRequest<Created>("/v1/companies", { method: "POST", body: { name, rfc: rfc.trim() || null, time_zone: zone } });
      const folder = res.data[0]!;
      setCreated({ id: folder.id, name: folder.attributes.name });
      setName("");
      setRfc("");
      router.refresh();
    } catch (err) {
      setProblem(apiErrorText(t, err));
      if (err instanceof ApiError) setErrors(err.errors);
    } finally {
      setPending(false);
    }
  };
  const err = (field: string) => errors[field]?.map((m) => fieldErrorText(t, m)).join(" ");

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t("folders.newFolder")}>
      {problem && <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">{problem}</p>}
      <div className="grid gap-3 sm:grid-cols-3">
        <Field id="new-folder-name" label={t("folders.name")} value={name} onChange={(e) => setName(e.target.value)} required maxLength={200} error={err("name")} />
        <Field id="new-folder-rfc" label={t("folders.rfcOptional")} value={rfc} onChange={(e) => setRfc(e.target.value)} autoCapitalize="characters" error={err("rfc")} />
        <TimeZoneSelect id="new-folder-zone" value={zone} onChange={setZone} />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending || !name.trim()}>{t("folders.create")}</Button>
        {created && (
          <p role="status" className="text-sm text-green-700">
            {t("folders.created", { name: created.name })}{" "}
            <Link className="font-medium underline" href={`/dashboard/folders/${created.id}`}>{t("folders.open")}</Link>
          </p>
        )}
      </div>
    </form>
  );
}
