import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { isPrivateAddress } from "./target-guard";

export type WebhookResponse = { statusCode: number | null; error: string | null; body: string };

/**
 * One message for every refused target, whatever it named or resolved to: saying which address a
 * hostname resolves to would turn the webhook form into a DNS lookup of the operator's network.
 */
export const REFUSED_TARGET_MESSAGE = "Webhooks can only reach public internet addresses; this one is not allowed.";

export class RefusedTargetError extends Error {
  constructor() {
    super(REFUSED_TARGET_MESSAGE);
  }
}

/**
 * POSTs a webhook. The private-address guard runs on the addresses actually connected to (in
 * the socket's DNS lookup), so a name that resolves differently later cannot slip past it.
 * Redirects are not followed: a 3xx is a failed attempt.
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  opts: { timeoutMs: number; allowPrivate: boolean },
): Promise<WebhookResponse> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, "");
  if (!opts.allowPrivate && net.isIP(host) && isPrivateAddress(host)) {
    return Promise.reject(new RefusedTargetError());
  }
  const lookup: net.LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, "", 4);
      const list = addresses as dns.LookupAddress[];
      const bad = !opts.allowPrivate && list.find((a) => isPrivateAddress(a.address));
      if (bad) return callback(new RefusedTargetError(), "", 4);
      if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      const first = list[0]!;
      callback(null, first.address, first.family);
    });
  };
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": "Rubrica-Webhooks/1.0", ...headers, "content-length": Buffer.byteLength(body) },
        lookup,
      },
      (res) => {
        let received = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          if (received.length < 2000) received += chunk;
        });
        res.on("end", () => resolve({ statusCode: res.statusCode ?? null, error: null, body: received.slice(0, 2000) }));
        res.on("error", (err) => resolve({ statusCode: res.statusCode ?? null, error: err.message, body: received }));
      },
    );
    // A whole-request deadline (connect + answer), not an idle timeout.
    const deadline = setTimeout(() => req.destroy(new Error(`No answer within ${opts.timeoutMs} ms`)), opts.timeoutMs);
    req.on("close", () => clearTimeout(deadline));
    req.on("error", (err) => {
      if (err instanceof RefusedTargetError) reject(err);
      else resolve({ statusCode: null, error: err.message, body: "" });
    });
    req.end(body);
  });
}
