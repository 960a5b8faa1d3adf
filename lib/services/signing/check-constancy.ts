import { checkTimestamp, type TimestampCheck, type TimestampProblem } from "@/lib/crypto/timestamp-check";
import { makeTranslate, type Locale } from "@/lib/i18n/translate";
import { signatureTrust } from "./signature-trust";

/** What checkTimestamp found, with its problems in words for the person who asked. */
export type ConstancyReport = Omit<TimestampCheck, "problems" | "warnings"> & { problems: string[] };

/**
 * A constancia de conservación (NOM-151) or any RFC 3161 time stamp someone holds, against the
 * document it should cover (its SHA-256): valid only when everything checkTimestamp asks holds
 * and the PSC chains, at genTime, to a configured root (TSA_ROOTS, by default ACR2-SE, and the
 * platform's own for constancias this installation issued).
 */
export async function checkConstancy(input: { der: Uint8Array; hash: Uint8Array }, locale: Locale): Promise<ConstancyReport> {
  const trust = await signatureTrust({ national: false });
  const roots = trust.filter((t) => t.type === "NOM151" || t.type === "PLATFORM").flatMap((t) => t.roots);
  const check = await checkTimestamp({ der: input.der, imprint: input.hash, roots });
  const t = makeTranslate(locale);
  return {
    valid: check.valid,
    imprint: check.imprint,
    gen_time: check.gen_time,
    tsa: check.tsa,
    policy: check.policy,
    serial_number: check.serial_number,
    chain: check.chain,
    problems: check.problems.map((p: TimestampProblem) => t(`verify.constancyProblems.${p}`)),
  };
}

/** A constancia as sent: DER, or its Base64 (PEM-like armour and whitespace allowed). */
export function constancyBytes(bytes: Uint8Array): Uint8Array {
  if (bytes[0] === 0x30) return bytes;
  const text = Buffer.from(bytes).toString("latin1").replace(/-----[^-]+-----/g, "").replace(/\s+/g, "");
  return /^[A-Za-z0-9+/]+={0,2}$/.test(text) ? new Uint8Array(Buffer.from(text, "base64")) : bytes;
}
