import { buildCustomRoute } from "next/dist/lib/build-custom-route";
import { describe, expect, it } from "vitest";
import nextConfig from "@/next.config";

// The rules compiled as `next build` compiles them into the routes manifest, applied as Next's
// router does: every matching rule in order, a later value replacing an earlier one. No path may
// get two policies: which one wins would hang on rule order.
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
  return result;
}

const directives = (policy: string | undefined) => new Map((policy ?? "").split(/;\s*/).map((d) => [d.split(" ")[0], d] as const));

describe("security headers (next.config.ts)", () => {
  it.each(["/", "/login", "/signup", "/dashboard", "/dashboard/outbox/1", "/verify", "/verify/ABC123", "/docs", "/v1/documents/x", "/identity/v2/identity/sessions"])(
    "%s: no framing by any site, baseline CSP, Referrer-Policy",
    async (pathname) => {
      const headers = await headersFor(pathname);
      const csp = directives(headers["content-security-policy"]);
      expect(csp.get("frame-ancestors")).toBe("frame-ancestors 'none'");
      expect(csp.get("base-uri")).toBe("base-uri 'self'");
      expect(csp.get("object-src")).toBe("object-src 'none'");
      expect(csp.get("form-action")).toBe("form-action 'self'");
      // The baseline restricts no script or style: Next's inline scripts keep working.
      expect(csp.has("script-src") || csp.has("default-src")).toBe(false);
      expect(headers["x-frame-options"]).toBe("DENY");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    },
  );

  it("keeps the signing page's own stricter policy, now also refusing to be framed", async () => {
    const headers = await headersFor("/signature/0b7d1c2e-1111-4222-8333-444455556666");
    const csp = directives(headers["content-security-policy"]);
    expect(csp.get("default-src")).toBe("default-src 'self'");
    expect(csp.get("base-uri")).toBe("base-uri 'none'");
    expect(csp.get("frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(headers["referrer-policy"]).toBe("no-referrer");
    expect(headers["x-frame-options"]).toBe("DENY");
  });

  it("keeps the identity verification page's policy (WebAssembly for the face reader, the camera)", async () => {
    const headers = await headersFor("/identity/verify/token-123");
    const csp = directives(headers["content-security-policy"]);
    expect(csp.get("script-src")).toContain("'wasm-unsafe-eval'");
    expect(csp.get("img-src")).toContain("https:");
    expect(csp.get("frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(headers["permissions-policy"]).toContain("camera=(self)");
    expect(headers["referrer-policy"]).toBe("no-referrer");
  });
});
