"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { apiErrorText, fieldErrorText, unplacedErrors } from "@/components/api-error-text";
import { FilePicker } from "@/components/signing/file-picker";
import { fieldErrors } from "@/lib/schemas/field-errors";
import { createDocumentInput } from "@/lib/schemas/signing";
import { ApiError, uploadWithProgress } from "@/components/api-request";
import { useI18n } from "@/components/providers";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { DEFAULT_OPTIONS, DocumentOptionsFields, type DocumentOptions } from "./document-options-fields";
import { emptySigner, signatureInput, spectatorInput, type SignerDraft, type SpectatorDraft } from "./people-draft";
import { SignerFields, SpectatorFields } from "./people-fields";
import { ReminderFields, reminderInput, type ReminderDraft } from "./reminder-fields";
import { SignatureBoxEditor } from "./signature-box-editor";
import { UploadProgress } from "./upload-progress";

// Errors a field of this form shows next to itself; anything else goes to the summary on top.
const PLACED = /^(file|file_name|tries|remember_every|remember_at|config\.allow_type_signatures|signatures|spectators)$|^(signatures|spectators)\.\d+\.(name|email|phone|rfc)$/;

/** Upload a PDF into a folder with its signers, spectators, boxes and options, with real upload progress. */
export function UploadForm({ folderId, maxUploadMb }: { folderId: string; maxUploadMb: number }) {
  const { t } = useI18n();
  const router = useRouter();
  const [file, setFile] = useState<File | null>(null);
  const [fileName, setFileName] = useState("");
  const [signers, setSigners] = useState<SignerDraft[]>(() => [emptySigner()]);
  const [spectators, setSpectators] = useState<SpectatorDraft[]>([]);
  const [reminders, setReminders] = useState<ReminderDraft>({ tries: "3", every: "1", at: "09:00" });
  const [options, setOptions] = useState<DocumentOptions>(DEFAULT_OPTIONS);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [done, setDone] = useState(false);
  const summary = useRef<HTMLDivElement>(null);

  const fail = (message: string, fieldErrors: Record<string, string[]> = {}) => {
    setProblem(message);
    setErrors(fieldErrors);
    setPercent(null);
    requestAnimationFrame(() => summary.current?.focus());
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const custom = signers.some((s) => s.boxes.length > 0);
    const document = {
      file_name: fileName.trim() || undefined,
      signatures: signers.map(signatureInput),
      spectators: spectators.map(spectatorInput),
      ...reminderInput(reminders),
      signature_ordered: options.ordered ? "ACTIVE" : "INACTIVE",
      sign_position: custom ? "CUSTOM" : "DEFAULT",
      notification_mode: options.notify ? "ENABLED" : "DISABLED",
      config: { allow_type_signatures: options.types },
    };
    // Every problem at once: the file's and the document's (checked with the API's own schema),
    // not the file first and the rest after another round.
    const checked = createDocumentInput.safeParse(document);
    const found: Record<string, string[]> = checked.success ? {} : fieldErrors(checked.error);
    if (!file) found.file = [t("upload.chooseFile")];
    else if (file.size > maxUploadMb * 1024 * 1024) found.file = [t("errors.tooLarge", { mb: maxUploadMb })];
    if (!file || Object.keys(found).length > 0) {
      // A file too large, and nothing else, says so on top; anything more is "check the fields".
      const onlyTooLarge = file && found.file && Object.keys(found).length === 1;
      return fail(onlyTooLarge ? found.file![0]! : t("errors.invalid"), found);
    }
    const form = new FormData();
    form.append("document", JSON.stringify(document));
    form.append("file", file, file.name);
    setProblem(null);
    setErrors({});
    setPercent(0);
    try {
      const created = await uploadWithProgress<{ data: { id: string } }>(`/v1/containers/${folderId}/documents`, form, setPercent);
      setDone(true);
      router.push(`/dashboard/documents/${created.data.id}`);
    } catch (err) {
      const message = apiErrorText(t, err);
      const status = err instanceof ApiError ? err.status : 0;
      fail(message, status === 413 || status === 415 ? { file: [message] } : err instanceof ApiError ? err.errors : {});
    }
  };

  const fileError = errors.file?.map((m) => fieldErrorText(t, m)).join(" ");
  const leftOver = unplacedErrors(errors, (path) => PLACED.test(path));
  const busy = percent !== null;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <div ref={summary} tabIndex={-1} className="outline-none">
        {problem && (
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <p className="font-medium">{problem}</p>
            {leftOver.length > 0 && (
              <ul className="mt-1 list-disc pl-5">
                {leftOver.map(({ path, message }) => (
                  <li key={`${path}-${message}`} className="break-words">
                    {fieldErrorText(t, message)} <span className="font-mono text-xs text-red-700">({path})</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>

      <Card title={t("upload.fileSection")}>
        <div className="flex flex-col gap-4">
          <FilePicker
            id="upload-file"
            label={t("upload.file")}
            hint={t("upload.fileHint", { mb: maxUploadMb })}
            accept="application/pdf,.pdf"
            error={fileError}
            onPick={(chosen) => {
              if (chosen && (!fileName || fileName === file?.name)) setFileName(chosen.name);
              setFile(chosen ?? null);
              // A complaint about the previous file no longer applies.
              setErrors((prev) => Object.fromEntries(Object.entries(prev).filter(([path]) => path !== "file")));
              if (errors.file) setProblem(null);
            }}
          />
          <Field id="upload-document-name" label={t("upload.fileName")} value={fileName} onChange={(e) => setFileName(e.target.value)} error={errors.file_name?.map((m) => fieldErrorText(t, m)).join(" ")} />
        </div>
      </Card>

      <Card title={t("people.signers")}>
        <SignerFields signers={signers} onChange={setSigners} errors={errors} />
      </Card>

      <Card title={t("people.spectators")}>
        <p className="mb-3 text-sm text-zinc-600">{t("people.spectatorsLead")}</p>
        <SpectatorFields spectators={spectators} onChange={setSpectators} errors={errors} />
      </Card>

      <Card title={t("boxes.title")}>
        {file ? (
          <SignatureBoxEditor file={file} signers={signers} onBoxesChange={(key, boxes) => setSigners((list) => list.map((s) => (s.key === key ? { ...s, boxes } : s)))} />
        ) : (
          <p className="text-sm text-zinc-500">{t("boxes.chooseFileFirst")}</p>
        )}
      </Card>

      <Card title={t("options.title")}>
        <div className="flex flex-col gap-6">
          <DocumentOptionsFields value={options} onChange={setOptions} errors={errors} />
          <ReminderFields value={reminders} onChange={setReminders} errors={errors} />
        </div>
      </Card>

      <div className="flex flex-col gap-3">
        {busy && <UploadProgress percent={percent} done={done} />}
        <div>
          <Button type="submit" disabled={busy}>{t("upload.submit")}</Button>
        </div>
      </div>
    </form>
  );
}
