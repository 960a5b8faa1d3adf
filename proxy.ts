import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import { newNonce, pagePolicy, policyKindOf } from "@/lib/http/content-security-policy";
import { embeddingHeaderValue, SIGNING_EMBEDDING_HEADER, signingPageEmbedding } from "@/lib/http/signing-page-framing";
import { REQUEST_PATH_HEADER } from "@/lib/http/request-path";
import { throttledSigningPage } from "@/lib/http/signing-page-throttle";

/**
 * Every page gets a Content-Security-Policy with a nonce of its own (lib/http/content-security-policy.ts):
 * set on the request, where Next reads it to put the nonce on its scripts, and on the answer.
 * API routes and static files do not pass here (the matcher); next.config.ts gives them the baseline.
 * The signing page's views are counted here, so a throttled one is a 429 with Retry-After; its
 * framing is decided here too: frame-ancestors lists the origins of the document's API key
 * (embedded signing), and X-Frame-Options: DENY, for browsers without frame-ancestors, goes
 * only on signing pages no origin may frame; the page gets that embedding on its request
 * (SIGNING_EMBEDDING_HEADER) instead of reading it again.
 */
export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const kind = policyKindOf(pathname);
  // The view's budget and the embedding side by side: the page's first byte waits for both.
  const [embedding, throttled] = await Promise.all([kind === "signing" ? signingPageEmbedding(pathname) : null, throttledSigningPage(request, pathname)]);
  const ancestors = embedding?.frameAncestors ?? [];
  const policy = pagePolicy(kind, newNonce(), env().NODE_ENV === "development", ancestors);
  const framing = (response: Response) => {
    response.headers.set("Content-Security-Policy", policy);
    if (kind === "signing" && !ancestors.length) response.headers.set("X-Frame-Options", "DENY");
    return response;
  };
  if (throttled) return framing(throttled);
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  headers.set(REQUEST_PATH_HEADER, request.nextUrl.pathname);
  // Only ever proxy's own: a client's is dropped (the page trusts this one instead of reading it again).
  headers.delete(SIGNING_EMBEDDING_HEADER);
  if (embedding) headers.set(SIGNING_EMBEDDING_HEADER, embeddingHeaderValue(embedding));
  return framing(NextResponse.next({ request: { headers } }));
}

export const config = {
  // Pages only: not the APIs (/v1, /identity/v1-v3, /api), Next's static files, the OpenAPI file, the icon or the embedding script.
  matcher: ["/((?!_next/|api/|v1/|identity/v[123]/|openapi\\.json|icon\\.svg|embed\\.js).*)"],
};
