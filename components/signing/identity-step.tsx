"use client";

import { useEffect, useState, useSyncExternalStore } from "react";
import { apiRequest } from "@/components/api-request";
import { useI18n } from "@/components/providers";
import { Button } from "@/components/ui/button";
import type { SigningLinkData } from "./signing-link-view";
import { signErrorsOf } from "./signing-errors";

// How often the page asks whether the checks are done: they take seconds to a minute.
const POLL_MS = 3000;
const noChange = () => () => {};

/**
 * RUBRICA's first half on the signing page: where the signer stands with their identity
 * verification, and the one thing to do next (start it, continue it, wait, or try again). The
 * verification page brings them back here when done; while the checks run, this polls the link.
 * Once VERIFIED it shows who was verified, and the form below signs.
 */
export function IdentityStep({ view, onView, disabled }: { view: SigningLinkData; onView: (next: SigningLinkData) => void; disabled: boolean }) {
  const { t } = useI18n();
  const verification = view.identity_verification!;
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Framed (embedded signing), the verification page opens in a tab of its own: it refuses to be
  // framed and needs the camera. This page then waits for it by polling, as while VERIFYING.
  const framed = useSyncExternalStore(noChange, () => window.parent !== window, () => false);

  useEffect(() => {
    if (verification.state !== "VERIFYING" && !(framed && verification.state === "OPEN")) return;
    const timer = setInterval(async () => {
      try {
        onView((await apiRequest<{ data: SigningLinkData }>(`/v1/signatures/${view.id}`)).data);
      } catch {
        // A missed poll is retried by the next one.
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [verification.state, view.id, onView, framed]);

  async function start() {
    setStarting(true);
    setError(null);
    // Framed, the tab opens now, while the click still counts as the person's (popup blockers),
    // and is sent to the verification once it exists.
    const tab = framed ? window.open("", "_blank") : null;
    try {
      const answer = await apiRequest<{ data: SigningLinkData }>(`/v1/signatures/${view.id}/identity`, { method: "POST" });
      const url = answer.data.identity_verification?.verification_url;
      // The verification page sends the signer back to this link when it is done.
      if (url && !framed) return window.location.assign(url);
      if (tab && url) {
        tab.opener = null;
        tab.location.replace(url);
      } else tab?.close();
      setStarting(false);
      onView(answer.data);
    } catch (err) {
      tab?.close();
      const status = (err as { status?: number }).status;
      if (status === 402) setError(t("signing.identity.ownerOutOfTransactions"));
      else if (status === 409 && /used every identity verification/.test((err as Error).message)) setError(t("signing.identity.noAttemptsLeft"));
      else setError(signErrorsOf(t, err).form ?? t("common.error"));
      setStarting(false);
    }
  }

  const retry = (label: string) =>
    verification.attempts_left > 0 ? (
      <>
        <Button type="button" onClick={start} disabled={disabled || starting} className="self-start">{label}</Button>
        <p className="text-sm text-zinc-600">{t("signing.identity.attemptsLeft", { count: String(verification.attempts_left) })}</p>
      </>
    ) : (
      <p className="text-sm text-zinc-700">{t("signing.identity.noAttemptsLeft")}</p>
    );

  return (
    <section aria-labelledby="identity-title" className="flex flex-col gap-3 rounded-md border border-zinc-200 p-3" data-testid="identity-step" data-state={verification.state}>
      <h3 id="identity-title" className="text-base font-semibold">{t("signing.identity.title")}</h3>
      {verification.state === "NOT_STARTED" && (
        <>
          <p className="text-sm text-zinc-700">{t("signing.identity.lead")}</p>
          <Button type="button" onClick={start} disabled={disabled || starting} className="self-start">{starting ? t("signing.identity.opening") : t("signing.identity.start")}</Button>
        </>
      )}
      {verification.state === "OPEN" && (
        <>
          <p className="text-sm text-zinc-700">{t("signing.identity.open")}</p>
          <a href={verification.verification_url ?? "#"} {...(framed && { target: "_blank", rel: "noopener" })} className="inline-flex min-h-10 items-center self-start rounded-md bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700">
            {t("signing.identity.continue")}
          </a>
        </>
      )}
      {verification.state === "VERIFYING" && (
        <p role="status" aria-live="polite" className="flex items-center gap-2 text-sm text-zinc-700">
          <span aria-hidden="true" className="inline-block size-4 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" />
          {t("signing.identity.verifying")}
        </p>
      )}
      {verification.state === "VERIFIED" && (
        <div role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-900">
          <p className="font-medium">{t("signing.identity.verified")}</p>
          <p className="[overflow-wrap:anywhere]">{verification.verified_name}</p>
          <p className="font-mono text-xs">CURP {verification.verified_curp}</p>
        </div>
      )}
      {verification.state === "MISMATCH" && (
        <>
          <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            {t("signing.identity.mismatch", { verified: verification.verified_name ?? "", expected: view.signer.name })}
          </p>
          {retry(t("signing.identity.again"))}
        </>
      )}
      {verification.state === "FAILED" && (
        <>
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {verification.result !== null && verification.result > 0 ? t("signing.identity.failedScore", { result: String(verification.result) }) : t("signing.identity.failed")}
          </p>
          {retry(t("signing.identity.again"))}
        </>
      )}
      {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
    </section>
  );
}
