"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { apiErrorText, fieldErrorText } from "@/components/api-error-text";
import { ApiError, apiRequest } from "@/components/api-request";
import { useI18n } from "@/components/providers";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";

export type Member = { userId: string; name: string; email: string; role: "owner" | "invited" };
/** An address the owner invited that has not answered: only what the owner typed. */
export type PendingInvitationItem = { id: string; email: string };

/** Who shares the folder; the owner invites by e-mail and removes, an invited member can leave. */
export function FolderMembers({ folderId, members, invitations, isOwner, me }: { folderId: string; members: Member[]; invitations: PendingInvitationItem[]; isOwner: boolean; me: string }) {
  const { t } = useI18n();
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const run = async (action: () => Promise<unknown>, after?: () => void) => {
    setPending(true);
    setProblem(null);
    setNotice(null);
    setEmailError(undefined);
    try {
      await action();
      after?.();
      router.refresh();
    } catch (err) {
      setProblem(apiErrorText(t, err));
      if (err instanceof ApiError && err.errors.email) setEmailError(err.errors.email.map((m) => fieldErrorText(t, m)).join(" "));
    } finally {
      setPending(false);
    }
  };
  const invite = (e: FormEvent) => {
    e.preventDefault();
    const invitee = email.trim();
    void run(() => apiRequest(`/v1/companies/${folderId}/members`, { method: "POST", body: { email: invitee } }), () => {
      setEmail("");
      setNotice(t("members.invited", { email: invitee }));
    });
  };
  const withdraw = (i: PendingInvitationItem) => {
    if (!window.confirm(t("members.confirmWithdraw", { email: i.email }))) return;
    void run(() => apiRequest(`/v1/companies/${folderId}/invitations/${i.id}`, { method: "DELETE" }));
  };
  const remove = (m: Member) => {
    const leaving = m.userId === me;
    if (!window.confirm(leaving ? t("members.confirmLeave") : t("members.confirmRemove", { name: m.name }))) return;
    void run(() => apiRequest(`/v1/companies/${folderId}/members/${m.userId}`, { method: "DELETE" }), leaving ? () => router.push("/dashboard/folders") : undefined);
  };

  return (
    <div className="flex flex-col gap-4">
      {problem && <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">{problem}</p>}
      {notice && <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-800">{notice}</p>}
      <ul className="divide-y divide-zinc-200 rounded-md border border-zinc-200">
        {members.map((m) => (
          <li key={m.userId} className="flex flex-wrap items-center justify-between gap-2 p-3" data-testid="member">
            <div className="min-w-0">
              <p className="break-words font-medium">{m.name}</p>
              <p className="text-sm text-zinc-600 [overflow-wrap:anywhere]">{m.email}</p>
            </div>
            <div className="flex items-center gap-2">
              <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs text-zinc-700">{m.role === "owner" ? t("dashboard.roleOwner") : t("dashboard.roleInvited")}</span>
              {m.role === "invited" && (isOwner || m.userId === me) && (
                <Button type="button" variant="danger" disabled={pending} onClick={() => remove(m)}>
                  {m.userId === me ? t("members.leave") : t("members.remove")}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {isOwner && invitations.length > 0 && (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-medium text-zinc-700">{t("members.pending")}</h3>
          <ul className="divide-y divide-zinc-200 rounded-md border border-zinc-200">
            {invitations.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 p-3" data-testid="pending-invitation">
                <p className="min-w-0 text-sm [overflow-wrap:anywhere]">{i.email}</p>
                <div className="flex items-center gap-2">
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900">{t("members.pendingBadge")}</span>
                  <Button type="button" variant="secondary" disabled={pending} onClick={() => withdraw(i)}>{t("members.withdraw")}</Button>
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
      {isOwner && (
        <form onSubmit={invite} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1">
            <Field id="invite-email" type="email" label={t("members.inviteEmail")} value={email} onChange={(e) => setEmail(e.target.value)} error={emailError} hint={t("members.inviteHint")} />
          </div>
          <Button type="submit" disabled={pending || !email.trim()}>{t("members.invite")}</Button>
        </form>
      )}
    </div>
  );
}
