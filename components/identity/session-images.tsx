import type { Translate } from "@/lib/i18n/translate";
import type { SessionFileKind } from "@/lib/db/schema";

export type SessionImageView = { kind: SessionFileKind; contentType: string | null };

/**
 * The captured images, each with its caption and a link to the full size. They come from the
 * dashboard's own route (cookie and visibility checked there), so a plain <img>: Next's image
 * optimizer would fetch them without the reviewer's cookie.
 */
export function SessionImages({ sessionId, files, t }: { sessionId: string; files: SessionImageView[]; t: Translate }) {
  if (!files.length) return <p className="text-sm text-zinc-500">{t("identityReview.noImages")}</p>;
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      {files.map((f) => {
        const src = `/dashboard/identity/${sessionId}/files/${f.kind}`;
        const label = t(`identityReview.image_${f.kind}`);
        return (
          <li key={f.kind}>
            <figure className="flex flex-col gap-2" data-testid="session-image">
              <div className="flex aspect-[4/3] items-center justify-center overflow-hidden rounded-md border border-zinc-200 bg-zinc-100">
                {/* eslint-disable-next-line @next/next/no-img-element -- see above: served with the reviewer's cookie */}
                <img src={src} alt={t("identityReview.imageAlt", { kind: label })} loading="lazy" className="max-h-full max-w-full object-contain" />
              </div>
              <figcaption className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className="font-medium">{label}</span>
                <a href={src} target="_blank" rel="noopener" className="text-brand-700 underline">{t("identityReview.openImage")}<span className="sr-only"> ({label})</span></a>
              </figcaption>
            </figure>
          </li>
        );
      })}
    </ul>
  );
}
