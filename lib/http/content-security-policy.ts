// Relative: next.config.ts loads this file before any path alias exists.
import { isPlainOrigin } from "../schemas/plain-origin";

/**
 * The Content-Security-Policy of every page, with a fresh nonce per request (proxy.ts). Next puts
 * the nonce it finds in the request's policy on its own <script> tags (Next's CSP guide: "Adding a
 * nonce with Proxy"), and 'strict-dynamic' lets the scripts those load run, so no page needs
 * 'unsafe-inline' for scripts and an injected <script> without the nonce does not run. Every page
 * is rendered per request (the language comes from the cookie), which nonces need.
 *
 * The signing page holds a bearer secret in its URL and a private key in memory: nothing from
 * another origin may load there. The verification page is the same plus the integrator's logo
 * from any https URL, photo previews (blob:), and 'wasm-unsafe-eval' for its face reader's
 * WebAssembly (WebAssembly only, not eval). Other pages keep the baseline (no framing, no <base>
 * or plugin tricks, forms post only here) and now scripts too. The dev server needs eval and its
 * websocket.
 */
export type PagePolicyKind = "signing" | "verification" | "page";

export function policyKindOf(pathname: string): PagePolicyKind {
  if (pathname.startsWith("/signature/")) return "signing";
  if (pathname.startsWith("/identity/verify/")) return "verification";
  return "page";
}

/**
 * frameAncestors: for the signing page, the origins the document's API key lets frame it
 * (embedded signing, lib/services/signing/signing-link-embedding.ts); none, no framing at all.
 * Browsers apply frame-ancestors to every ancestor, not only the parent, and it supersedes
 * X-Frame-Options (CSP Level 3, "frame-ancestors"), which proxy.ts leaves out only then.
 */
export function pagePolicy(kind: PagePolicyKind, nonce: string, dev = false, frameAncestors: readonly string[] = []): string {
  // Defence in depth: whatever a stored list holds, only plain origins are written (a `;` would end the directive).
  const ancestors = frameAncestors.filter(isPlainOrigin);
  const scripts = `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${kind === "verification" ? " 'wasm-unsafe-eval'" : ""}${dev ? " 'unsafe-eval'" : ""}`;
  if (kind === "page") return [scripts, ...BASELINE].join("; ");
  return [
    "default-src 'self'",
    scripts,
    "style-src 'self' 'unsafe-inline'",
    kind === "verification" ? "img-src 'self' data: blob: https:" : "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    kind === "signing" && ancestors.length ? `frame-ancestors ${ancestors.join(" ")}` : "frame-ancestors 'none'",
  ].join("; ");
}

/** What every answer that is not a page gets too (next.config.ts): it loads no scripts. */
export const BASELINE = ["frame-ancestors 'none'", "base-uri 'self'", "object-src 'none'", "form-action 'self'"];

/** A nonce: 128 random bits, base64 (CSP 3 §2.3.1 asks for at least 128 bits). */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

/** The nonce of a policy proxy.ts wrote (for a page that writes its own <script> tags). */
export function nonceOf(policy: string | null): string | null {
  return policy ? (/'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1] ?? null) : null;
}
