import { AppError } from "@/lib/errors";
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, makeTranslate } from "@/lib/i18n/translate";
import { clientIp, limitSigningRequest } from "./rate-limit";

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const SIGNING_PAGE = /^\/signature\/sign-document\/([^/]+)$/;

/**
 * The signing page's budget (the same as GET /v1/signatures/{id}: reloading the page is viewing
 * the link), counted in proxy.ts before the page renders, because a page can answer only 200 or
 * 404 and a throttled view is 429 with Retry-After. null: within budget (or not a link id, which
 * the page answers 404).
 */
export async function throttledSigningPage(req: Request & { cookies?: { get(name: string): { value: string } | undefined } }, pathname: string): Promise<Response | null> {
  const id = SIGNING_PAGE.exec(pathname)?.[1];
  if (!id || !UUID.test(id)) return null;
  try {
    await limitSigningRequest("view", id.toLowerCase(), clientIp(req));
    return null;
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== "RATE_LIMITED") throw err;
    const chosen = req.cookies?.get(LOCALE_COOKIE)?.value;
    const locale = isLocale(chosen) ? chosen : DEFAULT_LOCALE;
    const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Rúbrica</title></head><body><p role="alert" style="font-family:sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#3f3f46">${makeTranslate(locale)("signing.errors.tooManyViews")}</p></body></html>`;
    return new Response(html, { status: 429, headers: { ...err.headers, "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "referrer-policy": "no-referrer" } });
  }
}
