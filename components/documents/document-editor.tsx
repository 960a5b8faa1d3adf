"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { apiErrorText, fieldErrorText, unplacedErrors } from "@/components/api-error-text";
import { ApiError, apiRequest } from "@/components/api-request";
import { useI18n } from "@/components/providers";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { signatureInput, spectatorInput, type SignerDraft, type SpectatorDraft } from "./people-draft";
import { SignerFields, SpectatorFields } from "./people-fields";
import { ReminderFields, reminderInput, type ReminderDraft } from "./reminder-fields";
import { SignatureBoxEditor } from "./signature-box-editor";

const PLACED = /^(tries|remember_every|remember_at|signatures|spectators)$|^(signatures|spectators)\.\d+\.(name|email|phone|rfc)$/;

export type EditorStart = { signers: SignerDraft[]; spectators: SpectatorDraft[]; reminders: ReminderDraft };

/** Signers, spectators, boxes and reminders of an open document, saved in one PATCH. */
export function DocumentEditor({ documentId, start }: { documentId: string; start: EditorStart }) {
  const { t } = useI18n();
  const router = useRouter();
  const [signers, setSigners] = useState(start.signers);
  const [spectators, setSpectators] = useState(start.spectators);
  const [reminders, setReminders] = useState(start.reminders);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const summary = useRef<HTMLDivElement>(null);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setPending(true);
    setProblem(null);
    setErrors({});
    try {
      const updateDocumentRequest = {
        signatures: signers.map(signatureInput),
        spectators: spectators.map(spectatorInput),
        ...reminderInput(reminders),
        // Boxes only count with CUSTOM; removing every box goes back to the default position.
        sign_position: signers.some((s) => s.boxes.length > 0) ? "CUSTOM" : "DEFAULT",
      };
      await apiRequest(`/v1/documents/${documentId}`, { method: "PATCH", body: { updateDocumentRequest } });
      router.push(`/dashboard/documents/${documentId}`);
      router.refresh();
    } catch (err) {
      setProblem(apiErrorText(t, err));
      if (err instanceof ApiError) setErrors(err.errors);
      setPending(false);
      requestAnimationFrame(() => summary.current?.focus());
    }
  };

  const leftOver = unplacedErrors(errors, (path) => PLACED.test(path));
  return (
    <form onSubmit={save} noValidate className="flex flex-col gap-6">
      <div ref={summary} tabIndex={-1} className="outline-none">
        {problem && (
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <p className="font-medium">{problem}</p>
            {leftOver.length > 0 && (
              <ul className="mt-1 list-disc pl-5">
                {leftOver.map(({ path, message }) => (
                  <li key={`${path}-${message}`} className="break-words">{fieldErrorText(t, message)} <span className="font-mono text-xs">({path})</span></li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
      <Card title={t("people.signers")}>
        <SignerFields signers={signers} onChange={setSigners} errors={errors} />
      </Card>
      <Card title={t("people.spectators")}>
        <SpectatorFields spectators={spectators} onChange={setSpectators} errors={errors} />
      </Card>
      <Card title={t("boxes.title")}>
        <SignatureBoxEditor
          file={`/v1/documents/${documentId}/pdf?disposition=inline`}
          signers={signers}
          onBoxesChange={(key, boxes) => setSigners((list) => list.map((s) => (s.key === key ? { ...s, boxes } : s)))}
        />
      </Card>
      <Card>
        <ReminderFields value={reminders} onChange={setReminders} errors={errors} />
      </Card>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={pending}>{t("editor.save")}</Button>
        <Button type="button" variant="secondary" onClick={() => router.push(`/dashboard/documents/${documentId}`)}>{t("editor.discard")}</Button>
      </div>
    </form>
  );
}
