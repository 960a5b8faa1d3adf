import type { SubmissionVerification } from "@/lib/schemas/verify";
import type { Locale, MessageKey, Translate } from "@/lib/i18n/translate";
import { formatMoment } from "@/lib/i18n/date-format";

const TYPE_LABEL: Record<string, string> = { EFIRMA: "e.firma (SAT)", FIREL: "FIREL", TEPJF: "TEPJF", PLATFORM: "Rúbrica", NOM151: "NOM-151 (Secretaría de Economía)" };

// A document that was never sealed is described by its state alone (the API says nothing else).
const UNSEALED_VERDICT: Record<string, MessageKey> = { REJECTED: "verify.rejectedDocument", CANCELLED: "verify.cancelledDocument", EXPIRED: "verify.expiredDocument" };
const UNSEALED_TONE: Record<string, string> = { REJECTED: "border-red-300 bg-red-50 text-red-900", CANCELLED: "border-zinc-300 bg-zinc-50 text-zinc-900", EXPIRED: "border-zinc-300 bg-zinc-50 text-zinc-900" };

/**
 * What a verification found, in words a person understands first, details after. Takes `t`:
 * the page draws it on the server, the form in the browser, which has no catalog of its own.
 */
export function VerificationResult({ result, locale, t }: { result: SubmissionVerification; locale: Locale; t: Translate }) {
  const when = (iso: string | null) => (iso ? formatMoment(iso, locale, "America/Mexico_City") : "—");
  const verdict = !result.found
    ? { tone: "border-red-300 bg-red-50 text-red-900", text: t(result.kind === "hash" ? "verify.unknownHash" : "verify.notFound") }
    : result.intact === false
      ? { tone: "border-red-300 bg-red-50 text-red-900", text: t("verify.altered") }
      : !result.document
        ? { tone: "border-amber-300 bg-amber-50 text-amber-900", text: t("verify.sharedOriginal") }
      : !result.document?.signed
        ? { tone: UNSEALED_TONE[result.document?.sign_status_name ?? ""] ?? "border-amber-300 bg-amber-50 text-amber-900", text: t(UNSEALED_VERDICT[result.document?.sign_status_name ?? ""] ?? "verify.inProcess") }
        : { tone: "border-emerald-300 bg-emerald-50 text-emerald-900", text: t(result.kind === "hash" ? "verify.knownHash" : "verify.intact") };
  return (
    <section aria-live="polite" className="flex flex-col gap-4" data-testid="verification">
      <p role="status" className={`rounded-lg border p-4 text-base font-medium ${verdict.tone}`}>{verdict.text}</p>
      {result.document?.signed && (
        <div className="rounded-lg border border-zinc-200 bg-white p-4">
          <h2 className="text-lg font-semibold break-words">{result.document.file_name}</h2>
          <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="text-zinc-500">{t("verify.owner")}</dt>
            <dd>{result.document.owner}</dd>
            <dt className="text-zinc-500">{t("verify.status")}</dt>
            <dd>{t("verify.completed")}{result.document.signed_at ? ` · ${when(result.document.signed_at)}` : ""}</dd>
            <dt className="text-zinc-500">{t("verify.hash")}</dt>
            <dd className="font-mono text-xs break-all">{result.document.original_hash}</dd>
            {result.constancy && (
              <>
                <dt className="text-zinc-500">{t("verify.constancy")}</dt>
                <dd>{when(result.constancy.gen_time)} · {result.constancy.tsa}</dd>
              </>
            )}
          </dl>
          <h3 className="mt-4 text-base font-semibold">{t("verify.signers")}</h3>
          <ul className="mt-2 flex flex-col gap-2">
            {result.signers.map((s, i) => (
              <li key={i} className="rounded-md border border-zinc-200 p-3 text-sm" data-testid="verified-signer">
                <p className="font-medium">{s.name}</p>
                <p className="text-zinc-600">
                  {s.sign_status === "SIGNED" ? `${TYPE_LABEL[s.signature_type ?? ""] ?? s.signature_type ?? ""} · ${when(s.signed_at)}` : t(s.sign_status === "REJECTED" ? "verify.rejected" : "verify.pending")}
                </p>
                {s.sign_status === "SIGNED" && (
                  <p className="text-xs break-words text-zinc-500">
                    {[s.rfc && `RFC ${s.rfc}`, s.certificate_serial_number && `${t("verify.certificate")} ${s.certificate_serial_number}`, s.certificate_issuer_name].filter(Boolean).join(" · ")}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {result.signatures && result.signatures.length > 0 && <FileSignatures signatures={result.signatures} when={when} t={t} />}
    </section>
  );
}

/** Each signature the PDF carries, judged from its bytes: intact or not, whose, when, vouched by whom. */
function FileSignatures({ signatures, when, t }: { signatures: NonNullable<SubmissionVerification["signatures"]>; when: (iso: string | null) => string; t: Translate }) {
  return (
    <div className="rounded-lg border border-zinc-200 bg-white p-4" data-testid="file-signatures">
      <h2 className="text-lg font-semibold">{t("verify.fileSignatures")}</h2>
      <p className="text-sm text-zinc-600">{t("verify.fileSignaturesLead")}</p>
      <ol className="mt-2 flex flex-col gap-2">
        {signatures.map((s) => (
          <li key={s.index} className="rounded-md border border-zinc-200 p-3 text-sm">
            <p className="font-medium break-words">
              {t(s.kind === "document-timestamp" ? "verify.kindTimestamp" : "verify.kindSignature")}
              {s.signer ? ` · ${s.signer.name}` : ""}
            </p>
            <p className={s.integrity === "valid" ? "text-emerald-800" : "text-red-800"}>
              {t(s.integrity === "valid" ? "verify.integrityValid" : s.integrity === "invalid" ? "verify.integrityInvalid" : "verify.integrityOther")}
            </p>
            {s.signing_time && s.kind === "signature" && <p className="text-zinc-600">{t("verify.signedAt", { when: when(s.signing_time) })}</p>}
            {s.timestamp && <p className="text-zinc-600">{t("verify.stampedAt", { when: when(s.timestamp.gen_time), tsa: s.timestamp.tsa ?? "—" })}</p>}
            <p className="text-zinc-600">{s.trusted_type ? t("verify.trustedBy", { authority: TYPE_LABEL[s.trusted_type] ?? s.trusted_type }) : t("verify.untrustedIssuer")}</p>
            <p className="text-zinc-600">{t(s.covers_whole_file ? "verify.coversAll" : "verify.changedAfter")}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}
