import type { Translate } from "@/lib/i18n/translate";
import type { SignStatus } from "./people-draft";
import { SignerActions } from "./signer-actions";
import { parsePositions, signerColour } from "./signature-box";
import { SignerStatusBadge } from "./status-badge";

export type SignatoryItem = { id: string; name: string; email: string; phone: string | null; rfc: string | null; status: SignStatus; positions: string | null; signedAt: Date | null;
  /** The holder the signing certificate names, and whether it is the name the owner typed (null until signed). */
  certificateName: string | null; nameMatchesCertificate: boolean | null;
};

/** Signers in signing order; owners get "copy link" and "resend" while signing is open. */
export function SignatoryList({ documentId, signers, open, canManage, t }: { documentId: string; signers: SignatoryItem[]; open: boolean; canManage: boolean; t: Translate }) {
  return (
    <ol className="flex flex-col gap-3">
      {signers.map((s, i) => {
        const pages = [...new Set(parsePositions(s.positions).map((b) => b.page))].sort((a, b) => a - b);
        return (
          <li key={s.id} className="rounded-md border border-zinc-200 p-3" data-testid="signatory">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="flex min-w-0 items-start gap-2">
                <span aria-hidden className={`mt-1.5 h-3 w-3 shrink-0 rounded-sm ${signerColour(i).swatch}`} />
                <div className="min-w-0">
                  <p className="break-words font-medium">{i + 1}. {s.name}</p>
                  <p className="text-sm text-zinc-600 [overflow-wrap:anywhere]">{s.email}</p>
                </div>
              </div>
              <SignerStatusBadge status={s.status} t={t} />
            </div>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
              {s.phone && (<><dt className="text-zinc-500">{t("people.phoneShort")}</dt><dd className="break-all">{s.phone}</dd></>)}
              {s.certificateName && (<><dt className="text-zinc-500">{t("signers.signedAs")}</dt><dd className="break-words" data-testid="certificate-name">{s.certificateName}</dd></>)}
              {s.rfc && (<><dt className="text-zinc-500">RFC</dt><dd className="break-all font-mono">{s.rfc}</dd></>)}
              {pages.length > 0 && (<><dt className="text-zinc-500">{t("signers.boxes")}</dt><dd data-testid="signer-box-pages">{t("signers.onPages", { pages: pages.join(", ") })}</dd></>)}
            </dl>
            {s.nameMatchesCertificate === false && (
              <p className="mt-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900" role="status" data-testid="name-mismatch">
                {t("signers.nameMismatch", { typed: s.name, holder: s.certificateName! })}
              </p>
            )}
            {open && canManage && (
              <div className="mt-3">
                <SignerActions documentId={documentId} signatoryId={s.id} name={s.name} canResend={s.status === "PENDING"} />
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
