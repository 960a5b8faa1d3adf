import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { identitySessionComments, type IdentitySession } from "@/lib/db/schema";
import type { VoterRollAnswer } from "@/lib/adapters/ine/voter-roll";
import type { CurpRegistryAnswer } from "@/lib/adapters/renapo/curp-registry";
import { env } from "@/lib/env";
import { V2_COLORS } from "@/lib/schemas/identity-sessions";
import { ineVerdict, renapoVerdict } from "@/lib/services/validations/registry-verdicts";
import { isoWithOffset } from "@/lib/services/validations/validation-format";
import { sessionFileLinks, type SessionFileLink } from "./session-files";

/** The verification page's address: its own token, so knowing the session uuid opens nothing. */
export function verificationUrl(session: Pick<IdentitySession, "formToken">): string {
  return `${env().APP_URL}/identity/verify/${session.formToken}`;
}

/** Operation 9's flat session object (version 3). */
export function sessionV3(session: IdentitySession) {
  return {
    uuid: session.id,
    status: session.status,
    created_at: isoWithOffset(session.createdAt),
    updated_at: isoWithOffset(session.updatedAt),
    verification_url: verificationUrl(session),
    webhook: session.webhook,
    with_webhook_binaries: session.withWebhookBinaries,
    custom_branding: session.customBranding,
    redirect_url: session.redirectUrl,
    result: session.result,
  };
}

export type SessionInclude = "ine" | "renapo" | "files";

export type SessionComment = { id: string; body: string; created_at: string };

/**
 * Version 2's session object, `object: "VerificationSession"` as in its webhook (the identity
 * service's clients compare it; the reference does not show the detail). The card data, OCR,
 * cross-checks and registry answers are null until the checks job fills them; `include` adds the
 * voter roll (ine) and RENAPO answers, each with its verdict at `data.result` as existing clients
 * read it, and the captured images as file objects with signed links valid for an hour.
 * `comments` (the reviewers' notes) and `files` come from other tables: sessionV2View loads them.
 */
export function sessionV2(session: IdentitySession, include: SessionInclude[] = [], loaded: { files?: SessionFileLink[]; comments?: SessionComment[] } = {}) {
  return {
    object: "VerificationSession" as const,
    id: session.id,
    status: session.status,
    result: session.result,
    validations: session.validations,
    optionals: session.optionals,
    customization: customizationOf(session.customBranding),
    only_mobile_devices: session.onlyMobileDevices,
    redirect_url: session.redirectUrl,
    webhook: session.webhook,
    form_url: verificationUrl(session),
    created_at: isoWithOffset(session.createdAt),
    updated_at: isoWithOffset(session.updatedAt),
    document_data: session.documentData,
    ocr: session.ocr,
    // Sessions checked before numero_emision_match existed answer it as not compared.
    verifications: session.verifications ? { numero_emision_match: null, ...session.verifications } : null,
    errors: sessionErrors(session),
    ...(loaded.comments ? { comments: loaded.comments } : {}),
    ...(include.includes("ine") ? { ine: ineIncluded(session.ine) } : {}),
    ...(include.includes("renapo") ? { renapo: renapoIncluded(session.renapo) } : {}),
    ...(include.includes("files") ? { files: loaded.files ?? [] } : {}),
  };
}

/** The detail's and the webhook's session: sessionV2 with its comments and, when included, its files. */
export async function sessionV2View(db: DbOrTx, session: IdentitySession, include: SessionInclude[] = []) {
  const [comments, files] = await Promise.all([
    db
      .select({ id: identitySessionComments.id, body: identitySessionComments.body, createdAt: identitySessionComments.createdAt })
      .from(identitySessionComments)
      .where(eq(identitySessionComments.sessionId, session.id))
      .orderBy(asc(identitySessionComments.createdAt)),
    include.includes("files") ? sessionFileLinks(db, session) : Promise.resolve(undefined),
  ]);
  return sessionV2(session, include, { files, comments: comments.map((c) => ({ id: c.id, body: c.body, created_at: isoWithOffset(c.createdAt) })) });
}

/** Version 2's `customization`: the colors as sent (a version-3 session's two among them); null without any. */
function customizationOf(branding: IdentitySession["customBranding"]) {
  const colors = Object.fromEntries(V2_COLORS.flatMap((name) => (branding?.[name] ? [[name, branding[name]]] : [])));
  return Object.keys(colors).length ? (colors as Partial<Record<(typeof V2_COLORS)[number], string>>) : null;
}

/**
 * Why the session did not fully pass: the checks' errors (a registry down, missing images) and
 * each failed validation's reasons; null when there are none or the checks have not run.
 */
function sessionErrors(session: IdentitySession): string[] | null {
  const checks = session.checks;
  if (!checks) return null;
  const errors = [...new Set([...checks.errors, ...checks.outcomes.filter((o) => !o.passed).flatMap((o) => o.reasons)])];
  return errors.length ? errors : null;
}

/** The voter roll's answer as stored, and its verdict where clients read it (data.result). */
function ineIncluded(ine: IdentitySession["ine"]) {
  if (!ine) return null;
  const answer = ine as VoterRollAnswer;
  return { ...answer, data: { result: { ...ineVerdict(answer.estado), estado: answer.estado } } };
}

/** RENAPO's answer as stored, and its verdict and record where clients read them (data.result). */
function renapoIncluded(renapo: IdentitySession["renapo"]) {
  if (!renapo) return null;
  const answer = renapo as CurpRegistryAnswer;
  const verdict = renapoVerdict(answer);
  return { ...answer, data: { result: { status: verdict.status, message: verdict.mensaje, codigo: verdict.codigo, registros: verdict.registros } } };
}
