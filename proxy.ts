import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import { newNonce, pagePolicy, policyKindOf } from "@/lib/http/content-security-policy";
import { REQUEST_PATH_HEADER } from "@/lib/http/request-path";
import { throttledSigningPage } from "@/lib/http/signing-page-throttle";

/**
 * Every page gets a Content-Security-Policy with a nonce of its own (lib/http/content-security-policy.ts):
 * set on the request, where Next reads it to put the nonce on its scripts, and on the answer.
 * API routes and static files do not pass here (the matcher); next.config.ts gives them the baseline.
 * The signing page's views are counted here, so a throttled one is a 429 with Retry-After.
 */
export async function proxy(request: NextRequest) {
  const policy = pagePolicy(policyKindOf(request.nextUrl.pathname), newNonce(), env().NODE_ENV === "development");
  const throttled = await throttledSigningPage(request, request.nextUrl.pathname);
  if (throttled) {
    throttled.headers.set("Content-Security-Policy", policy);
    return throttled;
  }
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  headers.set(REQUEST_PATH_HEADER, request.nextUrl.pathname);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

export const config = {
  // Pages only: not the APIs (/v1, /identity/v1-v3, /api), Next's static files, the OpenAPI file or the icon.
  matcher: ["/((?!_next/|api/|v1/|identity/v[123]/|openapi\\.json|icon\\.svg).*)"],
};
