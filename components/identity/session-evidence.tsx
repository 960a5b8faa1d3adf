import type { IdentitySession, SessionChecks } from "@/lib/db/schema";
import type { Translate } from "@/lib/i18n/translate";
import { codeText } from "./review-text";
import { PassBadge } from "./session-status-badge";

/** The front's fields in the order the card prints them; fields the reader adds later follow. */
const FRONT_ORDER = [
  "nombre_completo",
  "nombres",
  "primer_apellido",
  "segundo_apellido",
  "sexo",
  "fecha_nacimiento",
  "curp",
  "clave_elector",
  "seccion",
  "vigencia",
  "domicilio",
  "anio_registro",
  "anio_emision",
  "num_emisiones",
];

const fieldLabel = (t: Translate, key: string) => codeText(t, "field", key) ?? key;

/** Every field read from the front (OCR), the back's MRZ lines with their check, and the document data the session settled on. */
export function SessionEvidence({ ocr, documentData, mrzCheck, frontWords, t }: { ocr: IdentitySession["ocr"]; documentData: IdentitySession["documentData"]; mrzCheck: SessionChecks["mrz"] | undefined; frontWords: number | undefined; t: Translate }) {
  const front = ocr?.ocr_frontal ?? null;
  const frontKeys = front ? [...FRONT_ORDER.filter((k) => k in front), ...Object.keys(front).filter((k) => !FRONT_ORDER.includes(k))] : [];
  const mrzLines = mrzCheck?.lines?.length ? mrzCheck.lines : (ocr?.ocr_reverso?.mrz ?? null);
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="ocr-front-title">
        <h3 id="ocr-front-title" className="mb-2 font-medium">{t("identityReview.ocrFront")}</h3>
        {!front ? (
          <p className="text-sm text-zinc-500">{t("identityReview.noOcr")}</p>
        ) : (
          <>
            <table className="w-full table-fixed text-left text-sm" data-testid="ocr-front">
              <caption className="sr-only">{t("identityReview.ocrFront")}</caption>
              <thead className="text-zinc-600">
                <tr>
                  <th scope="col" className="w-2/5 py-1 pr-3 font-medium">{t("identityReview.field")}</th>
                  <th scope="col" className="py-1 font-medium">{t("identityReview.value")}</th>
                </tr>
              </thead>
              <tbody>
                {frontKeys.map((k) => (
                  <tr key={k} className="border-t border-zinc-100 align-top">
                    <th scope="row" className="py-1.5 pr-3 font-normal text-zinc-700">{fieldLabel(t, k)}</th>
                    <td className="break-words py-1.5 font-medium">{front[k] ?? <span className="font-normal text-zinc-500">{t("identityReview.notRead")}</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {frontWords !== undefined && <p className="mt-2 text-xs text-zinc-500">{t("identityReview.frontWords", { n: frontWords })}</p>}
          </>
        )}
      </section>

      <section aria-labelledby="mrz-title">
        <h3 id="mrz-title" className="mb-2 font-medium">{t("identityReview.mrz")}</h3>
        {!mrzLines?.length ? (
          <p className="text-sm text-zinc-500">{t("identityReview.noMrz")}</p>
        ) : (
          <div className="flex flex-col gap-2">
            <pre className="overflow-x-auto rounded bg-zinc-50 p-3 font-mono text-xs leading-relaxed sm:text-sm" data-testid="mrz-lines">{mrzLines.join("\n")}</pre>
            {mrzCheck && (
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <PassBadge passed={mrzCheck.valid} t={t} />
                <span>{mrzCheck.valid ? t("identityReview.mrzValid") : t("identityReview.mrzInvalid")}</span>
              </p>
            )}
            {mrzCheck?.reason && (
              <p className="text-sm">
                <span className="text-zinc-600">{t("identityReview.mrzReason")}: </span>
                <span lang="en">{mrzCheck.reason}</span>
              </p>
            )}
          </div>
        )}
      </section>

      <section aria-labelledby="document-data-title">
        <h3 id="document-data-title" className="mb-2 font-medium">{t("identityReview.documentData")}</h3>
        {!documentData ? (
          <p className="text-sm text-zinc-500">{t("identityReview.noDocumentData")}</p>
        ) : (
          <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]" data-testid="document-data">
            {Object.entries(documentData).map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-zinc-600">{fieldLabel(t, k)}</dt>
                <dd className="mb-1 break-words font-medium sm:mb-0">{v ?? <span className="font-normal text-zinc-500">{t("identityReview.notRead")}</span>}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
    </div>
  );
}
