import type { SessionChecks, SessionValidation } from "@/lib/db/schema";
import type { MessageKey, Translate } from "@/lib/i18n/translate";
import { codeText, reasonText } from "./review-text";
import { PassBadge } from "./session-status-badge";

const VERIFICATION_ORDER = ["curp_valido", "fecha_nacimiento_match", "sexo_match", "nombre_match", "seccion_match", "clave_elector_match", "numero_emision_match"];

/** Each requested validation with pass/fail and why; the cross-checks behind them; what went wrong while checking. */
export function SessionOutcomes({
  validations,
  checks,
  verifications,
  t,
}: {
  validations: SessionValidation[];
  checks: SessionChecks | null;
  verifications: Record<string, boolean | null> | null;
  t: Translate;
}) {
  const keys = verifications ? [...VERIFICATION_ORDER.filter((k) => k in verifications), ...Object.keys(verifications).filter((k) => !VERIFICATION_ORDER.includes(k))] : [];
  return (
    <div className="flex flex-col gap-5">
      {!checks ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-zinc-600" role="status">{t("identityReview.noChecks")}</p>
          <p className="text-sm">
            <span className="text-zinc-600">{t("identityReview.validations")}: </span>
            <span className="font-medium">{validations.map((v) => t(`identityReview.validation_${v}` as MessageKey)).join(", ")}</span>
          </p>
        </div>
      ) : (
        <ul className="flex flex-col gap-3">
          {checks.outcomes.map((o) => (
            <li key={o.validation} className="rounded-md border border-zinc-200 p-3" data-testid="validation-outcome">
              <h3 className="flex flex-wrap items-center gap-2 font-medium">
                {t(`identityReview.validation_${o.validation}` as MessageKey)}
                <PassBadge passed={o.passed} t={t} />
              </h3>
              {o.reasons.length === 0 ? (
                <p className="mt-1 text-sm text-zinc-600">{t("identityReview.noReasons")}</p>
              ) : (
                <div className="mt-2">
                  <h4 className="text-xs font-medium uppercase tracking-wide text-zinc-500">{t("identityReview.reasons")}</h4>
                  <ul className="mt-1 list-disc pl-5 text-sm">
                    {o.reasons.map((r) => (
                      <li key={r} data-testid="outcome-reason" data-code={r}>
                        {reasonText(t, r)} <span className="font-mono text-xs text-zinc-500">({r})</span>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}

      {keys.length > 0 && (
        <div>
          <h3 className="mb-2 font-medium">{t("identityReview.crossChecks")}</h3>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("identityReview.crossChecks")}</caption>
            <thead className="text-zinc-600">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">{t("identityReview.check")}</th>
                <th scope="col" className="w-32 py-1 font-medium">{t("identityReview.outcome")}</th>
              </tr>
            </thead>
            <tbody>
              {keys.map((k) => {
                const v = verifications![k];
                return (
                  <tr key={k} className="border-t border-zinc-100">
                    <th scope="row" className="py-1.5 pr-3 font-normal">{codeText(t, "verification", k) ?? k}</th>
                    <td className={`py-1.5 font-medium ${v === false ? "text-red-700" : v ? "text-green-800" : "text-zinc-500"}`} data-testid={`verification-${k}`}>
                      {v === null || v === undefined ? t("identityReview.notCompared") : v ? `✓ ${t("identityReview.yes")}` : `✗ ${t("identityReview.no")}`}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      {checks && checks.errors.length > 0 && (
        <div role="note">
          <h3 className="mb-1 font-medium">{t("identityReview.checkErrors")}</h3>
          <ul className="list-disc pl-5 text-sm text-red-800">
            {/* A code (documentos_ilegibles and which photo) in words; a registry's error text as written. */}
            {checks.errors.map((e, i) => <li key={i} className="break-words" data-testid="check-error">{codeText(t, "reason", e) ?? e}</li>)}
          </ul>
        </div>
      )}
    </div>
  );
}
