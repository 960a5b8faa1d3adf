"use client";

import { useEffect, useRef, useState } from "react";
import { apiRequest } from "@/components/api-request";
import { useI18n } from "@/components/providers";
import { Card } from "@/components/ui/card";
import { DocumentReader } from "./document-reader";
import { DocumentSummary, SignerProgress } from "./document-summary";
import { useSigningEvents, type SigningEmbedding } from "./embedding-events";
import { LinkOutcome } from "./link-outcome";
import { RejectForm } from "./reject-form";
import { SignBar } from "./sign-bar";
import { SignForm } from "./sign-form";
import type { PageSizes, SigningLinkData } from "./signing-link-view";

/**
 * The public signing page's state: the link's view, replaced by the answer of each sign or
 * reject, so the page always shows what the server decided.
 */
export function SigningLink({ initial, pageSizes, embedding }: { initial: SigningLinkData; pageSizes: PageSizes | null; embedding?: SigningEmbedding }) {
  const { t, locale } = useI18n();
  const [view, setView] = useState(initial);
  const [notice, setNotice] = useState<string | null>(null);
  const outcomeHeading = useRef<HTMLHeadingElement>(null);
  const active = view.link_status === "ACTIVE";
  const initiallyActive = useRef(initial.link_status === "ACTIVE");
  // Where to sign matters until they sign: after that the sealed PDF carries the stamps.
  const boxes = active || view.link_status === "NOT_YOUR_TURN" ? view.signer.boxes : [];
  // Embedded signing: events to an allowed parent page, or redirect_url when not framed.
  const reportError = useSigningEvents(view, embedding);

  // After signing or rejecting, the form is gone: move focus to what happened, for screen readers.
  useEffect(() => {
    if (!active && initiallyActive.current) outcomeHeading.current?.focus();
  }, [active]);

  /** Someone else changed the document meanwhile (409): show what it is now. */
  const refresh = async () => {
    setNotice(t("signing.errors.conflict"));
    try {
      setView((await apiRequest<{ data: SigningLinkData }>(`/v1/signatures/${view.id}`)).data);
    } catch {
      // The form already says what went wrong; the old view stays.
    }
  };

  return (
    // pb: room for the sign bar, so it never hides the end of the page.
    <div className={`mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-4 sm:px-6 sm:py-6 ${active ? "pb-28" : ""}`}>
      <div className="flex flex-col gap-1">
        <p className="text-sm text-zinc-600">{t("signing.from", { owner: view.document.owner })}</p>
        <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">{view.document.file_name}</h1>
      </div>
      {notice && !active && <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">{notice}</p>}
      {!active && <LinkOutcome view={view} t={t} locale={locale} headingRef={outcomeHeading} />}

      {/* Phone: the document first (what the person came to read), then the facts and the form.
          Desktop: the document left; facts and form right, where auto_1fr keeps the tall
          document from stretching the facts' row. */}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_24rem] lg:grid-rows-[auto_1fr] lg:items-start">
        {/* A removed signer's link, and a cancelled or rejected document's links, no longer serve the PDF. */}
        {view.link_status !== "REMOVED" && view.link_status !== "DOCUMENT_CANCELLED" && view.document.sign_status !== 3 && (
          <Card className="min-w-0 lg:col-start-1 lg:row-span-2 lg:row-start-1">
            <DocumentReader signatureId={view.id} pageSizes={pageSizes} boxes={boxes} />
          </Card>
        )}
        <Card className="flex flex-col gap-5 lg:col-start-2 lg:row-start-1">
          <DocumentSummary view={view} t={t} />
          <SignerProgress view={view} t={t} />
        </Card>
        {active && (
          <div id="sign-section" className="flex scroll-mt-4 flex-col gap-4 lg:col-start-2 lg:row-start-2">
            <Card>
              <SignForm view={view} onDone={setView} onConflict={refresh} onError={reportError} />
            </Card>
            <RejectForm view={view} onDone={setView} onConflict={refresh} onError={reportError} />
          </div>
        )}
      </div>
      {active && <SignBar boxes={boxes} />}
    </div>
  );
}
