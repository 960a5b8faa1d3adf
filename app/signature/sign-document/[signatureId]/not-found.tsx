import { serverTranslate } from "@/lib/i18n/request-locale";

/** An unknown or mistyped link: say so kindly and what to do, without hinting at what exists. */
export default async function SigningLinkNotFound() {
  const { t } = await serverTranslate();
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-3 px-4 py-12">
      <h1 className="text-2xl font-semibold">{t("signing.notFound.title")}</h1>
      <p className="text-zinc-700">{t("signing.notFound.body")}</p>
      <p className="text-sm text-zinc-600">{t("signing.notFound.help")}</p>
    </div>
  );
}
