import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import { newNonce, pagePolicy, policyKindOf } from "@/lib/http/content-security-policy";
import { signingPageFrameAncestors } from "@/lib/http/signing-page-framing";
import { REQUEST_PATH_HEADER } from "@/lib/http/request-path";
import { throttledSigningPage } from "@/lib/http/signing-page-throttle";

/**
 * Every page gets a Content-Security-Policy with a nonce of its own (lib/http/content-security-policy.ts):
 * set on the request, where Next reads it to put the nonce on its scripts, and on the answer.
 * API routes and static files do not pass here (the matcher); next.config.ts gives them the baseline.
 * The signing page's views are counted here, so a throttled one is a 429 with Retry-After; its
 * framing is decided here too: frame-ancestors lists the origins of the document's API key
 * (embedded signing), and X-Frame-Options: DENY, for browsers without frame-ancestors, goes
 * only on signing pages no origin may frame.
 */
export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const kind = policyKindOf(pathname);
  const ancestors = kind === "signing" ? await signingPageFrameAncestors(pathname) : [];
  const policy = pagePolicy(kind, newNonce(), env().NODE_ENV === "development", ancestors);
  const framing = (response: Response) => {
    response.headers.set("Content-Security-Policy", policy);
    if (kind === "signing" && !ancestors.length) response.headers.set("X-Frame-Options", "DENY");
    return response;
  };
  const throttled = await throttledSigningPage(request, pathname);
  if (throttled) return framing(throttled);
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  headers.set(REQUEST_PATH_HEADER, request.nextUrl.pathname);
  return framing(NextResponse.next({ request: { headers } }));
}

export const config = {
  // Pages only: not the APIs (/v1, /identity/v1-v3, /api), Next's static files, the OpenAPI file, the icon or the embedding script.
  matcher: ["/((?!_next/|api/|v1/|identity/v[123]/|openapi\\.json|icon\\.svg|embed\\.js).*)"],
};
