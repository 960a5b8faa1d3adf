import type { Metadata } from "next";
import Link from "next/link";
import { DocumentEditor } from "@/components/documents/document-editor";
import { parsePositions } from "@/components/documents/signature-box";
import { Card } from "@/components/ui/card";
import { getDb } from "@/lib/db/client";
import { serverTranslate } from "@/lib/i18n/request-locale";
import { findDocumentView } from "@/lib/services/documents/document-view";
import { orNotFound, pageId } from "../../../../or-not-found";
import { requireUser } from "../../../../require-user";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslate()).t("editor.title") };
}

export default async function EditDocumentPage({ params }: { params: Promise<{ id: string }> }) {
  const { actor } = await requireUser();
  const { t } = await serverTranslate();
  const id = pageId((await params).id);
  const view = await orNotFound(findDocumentView(getDb(), actor, id));
  const d = view.document;
  // Only while signing is open; afterwards the API answers 409 to any change.
  const open = d.signStatus === 0 || d.signStatus === 1;
  return (
    <div className="flex flex-col gap-4">
      <Link href={`/dashboard/documents/${id}`} className="self-start text-sm text-brand-700 underline">← {d.fileName}</Link>
      <h1 className="break-words text-2xl font-semibold">{t("editor.title")}</h1>
      {open ? (
        <>
          <p className="text-sm text-zinc-600">{t("editor.lead")}</p>
          <DocumentEditor
            documentId={id}
            start={{
              signers: view.signatories.map((s) => ({
                key: s.id,
                id: s.id,
                status: s.signStatus,
                name: s.name,
                email: s.email,
                phone: s.phone ?? "",
                rfc: s.rfc ?? "",
                boxes: parsePositions(s.positions),
                storedPositions: s.positions,
              })),
              spectators: view.spectators.map((s) => ({ key: s.id, name: s.name, email: s.email })),
              reminders: { tries: String(d.tries), every: String(d.rememberEvery), at: d.rememberAt.slice(0, 5) },
            }}
          />
        </>
      ) : (
        <Card><p className="text-sm text-zinc-600">{t("editor.closed")}</p></Card>
      )}
    </div>
  );
}
