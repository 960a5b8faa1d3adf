import { buildCustomRoute } from "next/dist/lib/build-custom-route";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import nextConfig from "@/next.config";
import { newNonce, pagePolicy } from "@/lib/http/content-security-policy";
import { config as proxyConfig, proxy } from "@/proxy";

// Next's own compiler of proxy matchers (not in its type declarations).
const { getMiddlewareMatchers } = (await import("next/dist/build/analysis/get-page-static-info")) as unknown as { getMiddlewareMatchers: (matcher: unknown, config: unknown) => { regexp: string }[] };

// The rules compiled as `next build` compiles them into the routes manifest, applied as Next's
// router does: every matching rule in order, a later value replacing an earlier one; then the
// proxy where its matcher (compiled as Next compiles it) takes the path. No path may get two
// policies: which one wins would hang on rule order.
async function headersFor(pathname: string): Promise<Record<string, string>> {
  const rules = (await nextConfig.headers!()).map((rule) => buildCustomRoute("header", rule));
  const result: Record<string, string> = {};
  for (const rule of rules) {
    if (!new RegExp(rule.regex).test(pathname)) continue;
    for (const { key, value } of rule.headers) {
      if (key === "Content-Security-Policy" && result["content-security-policy"]) throw new Error(`Two policies match ${pathname}`);
      result[key.toLowerCase()] = value;
    }
  }
  const matchers = getMiddlewareMatchers(proxyConfig.matcher, {});
  if (matchers.some((m) => new RegExp(m.regexp).test(pathname))) {
    if (result["content-security-policy"]) throw new Error(`Two policies match ${pathname}`);
    const answer = await proxy(new NextRequest(`http://localhost:3000${pathname}`));
    result["content-security-policy"] = answer.headers.get("content-security-policy")!;
    // The signing page's X-Frame-Options is the proxy's (it depends on the document's API key).
    const frameOptions = answer.headers.get("x-frame-options");
    if (frameOptions) result["x-frame-options"] = frameOptions;
    // Next reads the nonce from the request's policy: the proxy hands the same one on.
    result["request-policy"] = answer.headers.get("x-middleware-request-content-security-policy") ?? "";
  }
  return result;
}

const directives = (policy: string | undefined) => new Map((policy ?? "").split(/;\s*/).map((d) => [d.split(" ")[0], d] as const));

describe("security headers (next.config.ts and proxy.ts)", () => {
  it.each(["/", "/login", "/signup", "/dashboard", "/dashboard/outbox/1", "/verify", "/verify/ABC123", "/docs", "/privacidad", "/nope"])(
    "page %s: no framing, baseline, and scripts only with this request's nonce",
    async (pathname) => {
      const headers = await headersFor(pathname);
      const csp = directives(headers["content-security-policy"]);
      expect(csp.get("frame-ancestors")).toBe("frame-ancestors 'none'");
      expect(csp.get("base-uri")).toBe("base-uri 'self'");
      expect(csp.get("object-src")).toBe("object-src 'none'");
      expect(csp.get("form-action")).toBe("form-action 'self'");
      expect(csp.get("script-src")).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic'$/);
      expect(headers["content-security-policy"]).not.toContain("unsafe-inline");
      expect(headers["request-policy"]).toBe(headers["content-security-policy"]);
      expect(headers["x-frame-options"]).toBe("DENY");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["x-content-type-options"]).toBe("nosniff");
    },
  );

  it("gives each request its own nonce", async () => {
    const a = directives((await headersFor("/login"))["content-security-policy"]).get("script-src");
    const b = directives((await headersFor("/login"))["content-security-policy"]).get("script-src");
    expect(a).not.toBe(b);
  });

  it.each(["/v1/documents/x", "/identity/v2/identity/sessions", "/api/health", "/_next/static/chunks/a.js", "/openapi.json", "/embed.js"])("non-page %s: the baseline, nosniff, no nonce", async (pathname) => {
    const headers = await headersFor(pathname);
    const csp = directives(headers["content-security-policy"]);
    expect(csp.get("frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(csp.has("script-src")).toBe(false);
    expect(headers["x-content-type-options"]).toBe("nosniff");
  });

  it("keeps the signing page's own stricter policy, scripts by nonce, no 'unsafe-inline' for them", async () => {
    // Not a link id: the proxy counts no view (and asks no database) for it, the policy is the same.
    const headers = await headersFor("/signature/sign-document/not-a-link-id");
    const csp = directives(headers["content-security-policy"]);
    expect(csp.get("default-src")).toBe("default-src 'self'");
    expect(csp.get("script-src")).toMatch(/^script-src 'self' 'nonce-\S+' 'strict-dynamic'$/);
    expect(csp.get("base-uri")).toBe("base-uri 'none'");
    expect(csp.get("frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(headers["referrer-policy"]).toBe("no-referrer");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["x-content-type-options"]).toBe("nosniff");
  });

  it("lets the signing page be framed only by the origins it is given, never with X-Frame-Options then", async () => {
    const csp = directives(pagePolicy("signing", newNonce(), false, ["https://app.example.mx", "http://localhost:4000"]));
    expect(csp.get("frame-ancestors")).toBe("frame-ancestors https://app.example.mx http://localhost:4000");
    expect(csp.get("default-src")).toBe("default-src 'self'");
    // Other pages never take origins to be framed by.
    expect(directives(pagePolicy("page", newNonce(), false, ["https://app.example.mx"])).get("frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(directives(pagePolicy("verification", newNonce(), false, ["https://app.example.mx"])).get("frame-ancestors")).toBe("frame-ancestors 'none'");
  });

  it("abuse: forged input, the CSP writer emits only plain scheme://host[:port] origins in frame-ancestors", () => {
    const forged = ["https://a.example.mx;", "https://a.example.mx; script-src *", "https://a'b.example.mx", "https://x.example.mx, https://y.example.mx", "'self'", "*", "https://*.example.mx", "https://a.example.mx/path", "http://app.example.mx", "data:"];
    expect(directives(pagePolicy("signing", newNonce(), false, ["https://ok.example.mx", ...forged, "http://localhost:4000"])).get("frame-ancestors")).toBe("frame-ancestors https://ok.example.mx http://localhost:4000");
    expect(directives(pagePolicy("signing", newNonce(), false, forged)).get("frame-ancestors")).toBe("frame-ancestors 'none'");
  });

  it("keeps the identity verification page's policy (WebAssembly for the face reader, the camera)", async () => {
    const headers = await headersFor("/identity/verify/token-123");
    const csp = directives(headers["content-security-policy"]);
    expect(csp.get("script-src")).toMatch(/^script-src 'self' 'nonce-\S+' 'strict-dynamic' 'wasm-unsafe-eval'$/);
    expect(csp.get("img-src")).toContain("https:");
    expect(csp.get("frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(headers["permissions-policy"]).toContain("camera=(self)");
    expect(headers["referrer-policy"]).toBe("no-referrer");
    expect(headers["x-content-type-options"]).toBe("nosniff");
  });
});
