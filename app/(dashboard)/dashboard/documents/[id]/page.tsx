import type { Metadata } from "next";
import Link from "next/link";
import { ActivityList } from "@/components/documents/activity-list";
import { CancelDocument } from "@/components/documents/cancel-document";
import { DocumentAttributes } from "@/components/documents/document-attributes";
import { DocumentPreview } from "@/components/documents/document-preview";
import { SignatoryList } from "@/components/documents/signatory-list";
import { DocumentStatusBadge } from "@/components/documents/status-badge";
import { SaveAsTemplate } from "@/components/templates/save-as-template";
import { Card } from "@/components/ui/card";
import { getDb } from "@/lib/db/client";
import { serverTranslate } from "@/lib/i18n/request-locale";
import { DOCUMENT_STATUS_NAMES } from "@/lib/schemas/signing";
import { listDocumentActivity } from "@/lib/services/audit/list-document-activity";
import { findDocumentView } from "@/lib/services/documents/document-view";
import { certificateNameCheck } from "@/lib/services/signing/signer-of-record";
import { findWorkFolder } from "@/lib/services/work-folders/find-work-folder";
import { orNotFound, pageId } from "../../../or-not-found";
import { requireUser } from "../../../require-user";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { actor } = await requireUser();
  const view = await orNotFound(findDocumentView(getDb(), actor, pageId((await params).id)));
  return { title: view.document.fileName };
}

const action = "inline-flex min-h-10 items-center rounded-md border border-zinc-300 bg-white px-4 text-sm font-medium hover:bg-zinc-100";

export default async function DocumentPage({ params }: Props) {
  const { actor } = await requireUser();
  const { locale, t } = await serverTranslate();
  const id = pageId((await params).id);
  const view = await orNotFound(findDocumentView(getDb(), actor, id));
  const d = view.document;
  const [{ folder }, activity] = await Promise.all([findWorkFolder(getDb(), actor, d.folderId), listDocumentActivity(getDb(), actor, id)]);
  // The document's owner or the folder's owner may copy signing links (bearer secrets), resend them and cancel.
  const isOwner = d.ownerUserId === actor.userId || view.role === "owner";
  const status = DOCUMENT_STATUS_NAMES[d.signStatus]!;
  const open = status === "IN_PROCESS" || status === "DRAFT";
  const signerName = new Map(view.signatories.map((s) => [s.id, s.name]));
  const signed = view.signatories.filter((s) => s.signStatus === "SIGNED").length;

  return (
    <div className="flex flex-col gap-4">
      <Link href={`/dashboard/folders/${folder.id}`} className="self-start text-sm text-brand-700 underline">← {folder.name}</Link>
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="min-w-0 break-words text-2xl font-semibold">{d.fileName}</h1>
          <DocumentStatusBadge status={status} t={t} />
        </div>
        <p className="text-sm text-zinc-600" data-testid="document-progress">{t("documents.progress", { signed, total: view.signatories.length })}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <a className={action} href={`/v1/documents/${id}/pdf`} download>{t("document.downloadPdf")}</a>
        <a className={action} href={`/v1/documents/${id}/xml`} download>{t("document.downloadXml")}</a>
        {d.constancy && <a className={action} href={`/v1/documents/${id}/constancy`} download>{t("document.downloadConstancy")}</a>}
        {Boolean(d.constancy?.signedFile) && <a className={action} href={`/v1/documents/${id}/constancy?of=signed-file`} download>{t("document.downloadSignedConstancy")}</a>}
        <a className={action} href={`/v1/documents/${id}/audit`} download>{t("document.downloadAudit")}</a>
        {open && <Link className={action} href={`/dashboard/documents/${id}/edit`}>{t("document.edit")}</Link>}
        {open && isOwner && <CancelDocument documentId={id} fileName={d.fileName} />}
        <SaveAsTemplate documentId={id} fileName={d.fileName} />
      </div>
      {d.signStatus === 3 && d.rejectedMessage && <p className="rounded-md bg-red-50 p-3 text-sm text-red-800">{t("document.rejectedBecause", { reason: d.rejectedMessage })}</p>}

      <div className="grid gap-4 lg:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-4">
          <Card title={t("people.signers")}>
            <SignatoryList
              documentId={id}
              open={open}
              canManage={isOwner}
              t={t}
              signers={view.signatories.map((s) => ({ id: s.id, name: s.name, email: s.email, phone: s.phone, rfc: s.rfc, status: s.signStatus, positions: s.positions, signedAt: s.signedAt, ...nameCheck(s) }))}
            />
          </Card>
          <Card title={t("people.spectators")}>
            {view.spectators.length === 0 ? (
              <p className="text-sm text-zinc-500">{t("people.noSpectators")}</p>
            ) : (
              <ul className="flex flex-col gap-2 text-sm">
                {view.spectators.map((s) => (
                  <li key={s.id} data-testid="spectator">
                    <span className="block font-medium">{s.name}</span>
                    <span className="block text-zinc-600 [overflow-wrap:anywhere]">{s.email}</span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card title={t("document.details")}>
            <DocumentAttributes
              t={t}
              locale={locale}
              d={{
                originalHash: d.originalHash,
                createdAt: d.createdAt,
                owner: view.owner,
                pages: d.pageCount,
                sealed: d.sealedHash !== null,
                ordered: d.signatureOrdered === "ACTIVE",
                notify: d.notificationMode === "ENABLED",
                tries: d.tries,
                rememberEvery: d.rememberEvery,
                rememberAt: d.rememberAt,
                types: d.allowTypeSignatures,
                customPositions: d.signPosition === "CUSTOM",
                folder: { name: folder.name, timeZone: folder.timeZone },
              }}
            />
          </Card>
          <Card title={t("activity.title")}>
            <ActivityList t={t} locale={locale} timeZone={folder.timeZone} items={activity.map((a) => ({ ...a, signerName: a.signatoryId ? (signerName.get(a.signatoryId) ?? null) : null }))} />
          </Card>
        </div>
        <Card title={t("document.preview")} className="min-w-0 self-start">
          <DocumentPreview documentId={id} signers={view.signatories.map((s) => ({ id: s.id, name: s.name, positions: s.positions }))} sealed={d.sealedHash !== null} />
        </Card>
      </div>
    </div>
  );
}

function nameCheck(s: Parameters<typeof certificateNameCheck>[0]) {
  const check = certificateNameCheck(s);
  return { certificateName: check.certificate_name, nameMatchesCertificate: check.name_matches_certificate };
}
