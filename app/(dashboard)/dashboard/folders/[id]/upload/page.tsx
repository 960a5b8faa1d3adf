import type { Metadata } from "next";
import Link from "next/link";
import { UploadForm } from "@/components/documents/upload-form";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { serverTranslate } from "@/lib/i18n/request-locale";
import { findWorkFolder } from "@/lib/services/work-folders/find-work-folder";
import { orNotFound, pageId } from "../../../../or-not-found";
import { requireUser } from "../../../../require-user";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await serverTranslate()).t("upload.title") };
}

export default async function UploadPage({ params }: { params: Promise<{ id: string }> }) {
  const { actor } = await requireUser();
  const { t } = await serverTranslate();
  const id = pageId((await params).id);
  const { folder } = await orNotFound(findWorkFolder(getDb(), actor, id));
  return (
    <div className="flex flex-col gap-4">
      <Link href={`/dashboard/folders/${id}`} className="self-start text-sm text-brand-700 underline">← {folder.name}</Link>
      <h1 className="text-2xl font-semibold">{t("upload.title")}</h1>
      <p className="text-sm text-zinc-600">{t("upload.lead", { folder: folder.name })}</p>
      <UploadForm folderId={id} maxUploadMb={env().MAX_UPLOAD_MB} />
    </div>
  );
}
