import type { MessageKey, Translate } from "@/lib/i18n/translate";
import type { DOCUMENT_STATUS_NAMES } from "@/lib/schemas/signing";
import type { SignStatus } from "./people-draft";

type DocumentStatusName = (typeof DOCUMENT_STATUS_NAMES)[number];

const documentStyle: Record<DocumentStatusName, [MessageKey, string]> = {
  DRAFT: ["status.draft", "bg-zinc-100 text-zinc-800"],
  IN_PROCESS: ["status.inProcess", "bg-amber-100 text-amber-900"],
  COMPLETED: ["status.completed", "bg-green-100 text-green-900"],
  REJECTED: ["status.rejected", "bg-red-100 text-red-900"],
  CANCELLED: ["status.cancelled", "bg-zinc-200 text-zinc-800"],
  EXPIRED: ["status.expired", "bg-zinc-200 text-zinc-800"],
};

const signerStyle: Record<SignStatus, [MessageKey, string]> = {
  PENDING: ["status.signerPending", "bg-amber-100 text-amber-900"],
  SIGNED: ["status.signerSigned", "bg-green-100 text-green-900"],
  REJECTED: ["status.signerRejected", "bg-red-100 text-red-900"],
};

const badge = "inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium";

/** Takes `t` so server pages and client forms can both use it. */
export function DocumentStatusBadge({ status, t }: { status: DocumentStatusName; t: Translate }) {
  const [key, style] = documentStyle[status];
  return <span className={`${badge} ${style}`} data-testid="document-status">{t(key)}</span>;
}

export function SignerStatusBadge({ status, t }: { status: SignStatus; t: Translate }) {
  const [key, style] = signerStyle[status];
  return <span className={`${badge} ${style}`} data-testid="signer-status">{t(key)}</span>;
}
