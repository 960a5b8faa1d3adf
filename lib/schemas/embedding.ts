import { z } from "zod";
import { isPlainOrigin } from "./plain-origin";

// Embedded signing: where an integrator's page may frame the signing page, and where the plain
// signing page sends the signer afterwards. Browser-safe (the dashboard's form validates with it).

export const MAX_EMBED_ORIGINS = 20;
// No [::1]: CSP's host-source grammar has no IPv6 literals (w3c/webappsec#49), so a browser
// would drop it from frame-ancestors.
const LOOPBACK = new Set(["localhost", "127.0.0.1"]);

/**
 * An origin exactly as a browser serializes it (RFC 6454 §6.2: scheme://host[:port], no path),
 * since it is written into CSP frame-ancestors and compared with MessageEvent.origin. https only;
 * http only on loopback, for an integrator's development machine. Wildcards are refused: a CSP
 * source `https://*.example.com` would let every subdomain frame the page.
 */
export const embedOrigin = z
  .string()
  .trim()
  .max(300)
  .transform((value, ctx) => {
    const fail = (message: string) => {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    };
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return fail(`«${value}» is not an origin such as https://app.example.com.`);
    }
    if (url.hostname.startsWith("[")) return fail(`«${value}»: IPv6 addresses cannot be written in a Content-Security-Policy: use a host name.`);
    if (url.protocol !== "https:" && !(url.protocol === "http:" && LOOPBACK.has(url.hostname))) {
      return fail(`«${value}» must be an https origin (http only for localhost or 127.0.0.1).`);
    }
    // URL() accepts and keeps paths, credentials and wildcards; an origin has none of them. It
    // also keeps `;`, `,` and `'` in a host name (and decodes %3B to `;`), which would end or
    // extend the frame-ancestors directive: only what CSP's host-source grammar reads passes.
    if (/[*?#%]/.test(value) || url.username || url.password || url.pathname !== "/" || !isPlainOrigin(url.origin)) {
      return fail(`«${value}» must be an origin only: scheme, host (letters, digits, hyphens and dots) and port, without path, query or wildcard.`);
    }
    return url.origin;
  });

export const embedOrigins = z
  .array(embedOrigin)
  .max(MAX_EMBED_ORIGINS, `At most ${MAX_EMBED_ORIGINS} origins.`)
  .transform((list) => [...new Set(list)])
  .describe(
    "Origins whose pages may frame the signing page (/signature/sign-document/{id}) of documents this key creates, and the only ones its postMessage events are sent to: https (http only for localhost and 127.0.0.1), no path, wildcard or IPv6 literal. Empty: those pages cannot be framed.",
  );

export const apiKeyEmbedOriginsBody = z.object({ embed_origins: embedOrigins }).meta({ id: "ApiKeyEmbedOrigins" });

/** Where the signing page sends the signer after signing or rejecting: https only (no javascript:, data: or http:). */
export const redirectUrl = z
  .url({ protocol: /^https$/, hostname: z.regexes.domain, error: "Must be an https URL." })
  .max(2048, "At most 2048 characters.")
  // https://bank.mx@evil.example reads as the bank to a person and goes to evil.example.
  .refine((v) => !URL.canParse(v) || !(new URL(v).username || new URL(v).password), "Must not carry a user name or password (user:pw@).")
  // Stored as the browser will read it (`https:evil.com` is `https://evil.com/`).
  .transform((v) => new URL(v).href)
  .describe("https URL the signing page sends the signer to after they sign or reject (not when the page is framed: the integrator's page gets events instead). A signer's own redirect_url wins over the document's.");
