import type { CompanyBrand } from "@/lib/schemas/company-profile";

/**
 * The sending company on a public page (signing, verification): its logo and legal name on its
 * colour, the text black or white, whichever contrasts more (lib/schemas/brand-color.ts), so the
 * band meets WCAG AA whatever colour was chosen. Nothing when the account set no profile.
 */
export function CompanyBand({ brand }: { brand: CompanyBrand }) {
  if (!brand.isCompany && !brand.logo && !brand.color) return null;
  const style = brand.color && brand.textColor ? { backgroundColor: brand.color, color: brand.textColor } : undefined;
  return (
    <div data-testid="company-band" style={style} className="flex items-center gap-3 border-b border-zinc-200 px-4 py-3 sm:px-6">
      {/* eslint-disable-next-line @next/next/no-img-element -- a data: URI of the PNG this server drew; the name beside it says whose */}
      {brand.logo ? <img src={brand.logo} alt="" className="h-10 w-auto max-w-[45%] rounded bg-white object-contain p-1" /> : null}
      <span className="min-w-0 text-lg font-semibold [overflow-wrap:anywhere]">{brand.name}</span>
    </div>
  );
}
