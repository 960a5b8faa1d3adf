import { env } from "@/lib/env";

type HeaderReader = (name: string) => string | null | undefined;

/**
 * Is this write from this app's own pages? Browsers send Origin on every non-GET fetch and form
 * post; without one, Sec-Fetch-Site (Fetch Metadata) still says "cross-site" for another site's
 * request. The host compared with is Host; X-Forwarded-Host only behind a proxy we trust
 * (TRUST_PROXY), since without one any client writes it, and a forged one would make a
 * cross-site Origin look like ours.
 */
export function isSameOriginWrite(header: HeaderReader, trustProxy = env().TRUST_PROXY): boolean {
  const origin = header("origin");
  if (!origin) return header("sec-fetch-site") !== "cross-site";
  const host = (trustProxy ? header("x-forwarded-host")?.split(",")[0]?.trim() : null) || header("host");
  try {
    return !!host && new URL(origin).host === host;
  } catch {
    return false; // "null" and anything else that is not an origin
  }
}
