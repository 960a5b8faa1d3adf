import type { Box } from "./signature-box";

export type SignStatus = "PENDING" | "SIGNED" | "REJECTED";

/** A signer being written in a form; `id` and `status` for ones that already exist. */
export type SignerDraft = {
  key: string;
  id?: string;
  status?: SignStatus;
  name: string;
  email: string;
  phone: string;
  rfc: string;
  boxes: Box[];
  /** The stored positions of a signer who signed or rejected: sent back unchanged. */
  storedPositions?: string | null;
};

export type SpectatorDraft = { key: string; name: string; email: string };

let counter = 0;
/** Stable React keys for rows that have no id yet. */
export const draftKey = () => `draft-${++counter}-${Date.now().toString(36)}`;

export const emptySigner = (): SignerDraft => ({ key: draftKey(), name: "", email: "", phone: "", rfc: "", boxes: [] });
export const emptySpectator = (): SpectatorDraft => ({ key: draftKey(), name: "", email: "" });

/** Signers who signed or rejected cannot change (the API answers 409). */
export const isLocked = (s: SignerDraft) => s.status !== undefined && s.status !== "PENDING";

/** A signer as the API takes it. Empty optional fields become null, so clearing one clears it. */
export function signatureInput(s: SignerDraft) {
  return {
    name: s.name.trim(),
    email: s.email.trim(),
    phone: s.phone.trim() || null,
    rfc: s.rfc.trim() || null,
    positions: isLocked(s) ? (s.storedPositions ?? null) : s.boxes.length ? s.boxes : null,
  };
}

export const spectatorInput = (s: SpectatorDraft) => ({ name: s.name.trim(), email: s.email.trim() });
