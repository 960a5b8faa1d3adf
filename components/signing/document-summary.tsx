import { SignerStatusBadge } from "@/components/documents/status-badge";
import type { Translate } from "@/lib/i18n/translate";
import type { SigningLinkData } from "./signing-link-view";

/** Who asks whom to sign what: the facts a signer checks before signing, the hash one click away. */
export function DocumentSummary({ view, t }: { view: SigningLinkData; t: Translate }) {
  const d = view.document;
  const rows: Array<[string, string]> = [
    [t("signing.owner"), d.owner],
    [t("signing.you"), view.signer.name],
    [t("signing.pages"), String(d.pages)],
  ];
  return (
    <div className="flex flex-col gap-2 text-sm">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-zinc-600">{label}</dt>
            <dd className="[overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
      {/* The hash is for those who check it, not for a first look: 64 characters, behind a
          disclosure (outside the list: a <dl> holds only its terms and definitions). */}
      <details>
        <summary className="cursor-pointer text-zinc-600 underline-offset-2 hover:underline">{t("signing.hashDetails")}</summary>
        <span className="mt-2 block break-all font-mono text-xs" data-testid="original-hash">{d.original_hash}</span>
        <span className="mt-1 block text-xs text-zinc-600">{t("signing.hashHint")}</span>
      </details>
    </div>
  );
}

/** The other signers' names and progress only: their e-mails and links are not the signer's to see. */
export function SignerProgress({ view, t }: { view: SigningLinkData; t: Translate }) {
  const signed = view.signers.filter((s) => s.sign_status === "SIGNED").length;
  return (
    <section aria-labelledby="signers-title" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="signers-title" className="text-base font-semibold">{t("signing.signers")}</h2>
        <p className="text-sm text-zinc-600" data-testid="signing-progress">{t("signing.progress", { signed, total: view.signers.length })}</p>
      </div>
      <ol className="flex flex-col gap-1.5">
        {view.signers.map((s, i) => (
          <li key={i} className="flex items-center justify-between gap-2 text-sm" data-testid="link-signer">
            <span className="min-w-0 [overflow-wrap:anywhere]">
              {s.name}
              {s.is_you && <span className="ml-1 text-zinc-500">{t("signing.youMark")}</span>}
            </span>
            <SignerStatusBadge status={s.sign_status} t={t} />
          </li>
        ))}
      </ol>
    </section>
  );
}
