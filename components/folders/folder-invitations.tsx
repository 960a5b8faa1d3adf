"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiErrorText } from "@/components/api-error-text";
import { apiRequest } from "@/components/api-request";
import { useI18n } from "@/components/providers";
import { Button } from "@/components/ui/button";

export type InvitationItem = { id: string; folderName: string; invitedBy: string };

/** Invitations waiting for the signed-in person: nobody joins a folder without saying yes here. */
export function FolderInvitations({ invitations }: { invitations: InvitationItem[] }) {
  const { t } = useI18n();
  const router = useRouter();
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const answer = async (i: InvitationItem, choice: "accept" | "decline") => {
    setBusy(i.id);
    setProblem(null);
    setNotice(null);
    try {
      await apiRequest(`/v1/folder-invitations/${i.id}/${choice}`, { method: "POST" });
      if (choice === "accept") setNotice(t("members.accepted", { folder: i.folderName }));
      router.refresh();
    } catch (err) {
      setProblem(apiErrorText(t, err));
    } finally {
      setBusy(null);
    }
  };

  if (invitations.length === 0 && !notice && !problem) return null;
  return (
    <section className="flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4" aria-labelledby="folder-invitations-title">
      <h2 id="folder-invitations-title" className="font-semibold">{t("members.invitationsTitle")}</h2>
      {problem && <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">{problem}</p>}
      {notice && <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-800">{notice}</p>}
      <ul className="flex flex-col gap-2">
        {invitations.map((i) => (
          <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-white p-3" data-testid="folder-invitation">
            <p className="min-w-0 break-words text-sm">{t("members.invitationFrom", { name: i.invitedBy, folder: i.folderName })}</p>
            <div className="flex gap-2">
              <Button type="button" disabled={busy !== null} onClick={() => void answer(i, "accept")}>{t("members.accept")}</Button>
              <Button type="button" variant="secondary" disabled={busy !== null} onClick={() => void answer(i, "decline")}>{t("members.decline")}</Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
