import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { isSameOriginWrite } from "./same-origin";

/**
 * Server actions checked before Next decodes them: fetch actions (a POST with `Next-Action`, what
 * the pages send with JavaScript) and form actions (a form post to a page carrying
 * `$ACTION_ID_<id>` or `$ACTION_REF_<n>` fields, what they send without it). Next answers 500 to a
 * body React cannot decode (`garbage`, a 5,000-deep array, bound arguments that do not parse) and
 * to a cross-site Origin, and lets a request with no Origin through even when Fetch Metadata says
 * it came from another site. Here: a cross-site action is 403 (isSameOriginWrite, as for the
 * dashboard's API routes); a body past Next's 1 MB limit 413; one that is not what React writes
 * (JSON whose root is the argument array, numbered parts that are JSON, references only to parts
 * present) or nests deeper than MAX_DEPTH 400. What passes is handed to Next as it came, replayed
 * from memory. A form post to a page is cross-site-checked always and held to the same 1 MB (413
 * past it, declared or counted); uploads (the identity capture's /files/ routes, the APIs) are
 * route handlers, not pages, and pass untouched.
 */
export const ACTION_BODY_LIMIT = 1024 * 1024; // Next's default serverActions.bodySizeLimit
export const MAX_DEPTH = 64;

export type GateResult = { req: IncomingMessage } | { status: 400 | 403 | 413; message: string };

const FORM_TYPES = /^(multipart\/form-data|application\/x-www-form-urlencoded)/i;
// Route handlers, not pages: their own code reads (and limits) what they are sent.
const NOT_A_PAGE = /^\/(v1|api|_next|identity\/v[123])\/|\/files\//;

/** Whether server.ts must pass this request through gateServerAction (headers only). */
export function mayBeServerAction(req: IncomingMessage): boolean {
  if (req.method !== "POST") return false;
  if (req.headers["next-action"] !== undefined) return true;
  return FORM_TYPES.test(req.headers["content-type"] ?? "") && !NOT_A_PAGE.test((req.url ?? "/").split("?")[0]!);
}

const TOO_LARGE = { status: 413, message: "The request body is too large." } as const;

export async function gateServerAction(req: IncomingMessage): Promise<GateResult> {
  if (!mayBeServerAction(req)) return { req };
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  if (!isSameOriginWrite(header)) return { status: 403, message: "Cross-site request refused." };
  const contentType = header("content-type") ?? "";
  const fetchAction = req.headers["next-action"] !== undefined;
  // A form post to a page past the limit: Next reads it looking for an action and answers 500
  // (multipart, chunked). Declared too large, refused unread; undeclared, counted as it arrives.
  if (!fetchAction && Number(header("content-length")) > ACTION_BODY_LIMIT) return TOO_LARGE;
  const body = await readAll(req, ACTION_BODY_LIMIT);
  if (!body) return TOO_LARGE;
  const ok = fetchAction ? await decodable(body, contentType) : await formActionDecodable(body, contentType);
  if (!ok) return { status: 400, message: "Malformed server action request." };
  return { req: replay(req, body) };
}

/**
 * A form action's fields: `$ACTION_ID_<id>` alone (an action without bound arguments), or
 * `$ACTION_REF_<n>` with `$ACTION_<n>:0` = {"id", "bound"} and its other parts `$ACTION_<n>:<k>`,
 * which must be JSON whose references resolve. A form post with no such field is not an action.
 */
async function formActionDecodable(body: Buffer, contentType: string): Promise<boolean> {
  let fields: [string, FormDataEntryValue][];
  try {
    fields = /^multipart/i.test(contentType) ? [...(await new Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData())] : [...new URLSearchParams(body.toString("utf8"))];
  } catch {
    return false;
  }
  for (const [name] of fields) {
    const ref = /^\$ACTION_REF_(.*)$/.exec(name)?.[1];
    if (ref === undefined) continue;
    const prefix = `$ACTION_${ref}:`;
    const parts = new Map(fields.filter(([n]) => n.startsWith(prefix)).map(([n, v]) => [n.slice(prefix.length), v]));
    const numbers = new Set([...parts.keys()].filter((k) => /^\d+$/.test(k)).map(Number));
    const root = parts.get("0");
    if (typeof root !== "string" || !isJson(root, false, numbers)) return false;
    const model = JSON.parse(root) as { id?: unknown };
    if (!model || typeof model !== "object" || typeof model.id !== "string") return false;
    for (const [k, v] of parts) if (/^\d+$/.test(k) && (typeof v !== "string" || !isJson(v, false, numbers))) return false;
  }
  return true;
}

/** Answers a refusal as JSON, closing the connection when the body was left unread. */
export function refuseAction(res: ServerResponse, refusal: { status: number; message: string }): void {
  res.writeHead(refusal.status, { "content-type": "application/json; charset=utf-8", "x-content-type-options": "nosniff", "cache-control": "no-store", ...(refusal.status === 413 ? { connection: "close" } : {}) });
  res.end(JSON.stringify({ message: refusal.message }));
}

async function readAll(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

async function decodable(body: Buffer, contentType: string): Promise<boolean> {
  if (/^multipart\/form-data/i.test(contentType)) {
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData();
    } catch {
      return false;
    }
    // React's reply: field "0" is the root (the argument array), other numbered fields are outlined
    // models; "1_email"-style fields are the FormData arguments' entries, which are the user's text.
    const root = form.get("0");
    const parts = new Set([...form.keys()].filter((name) => /^\d+$/.test(name)).map(Number));
    if (typeof root !== "string" || !isJson(root, true, parts)) return false;
    for (const [name, value] of form) if (/^\d+$/.test(name) && (typeof value !== "string" || !isJson(value, false, parts))) return false;
    return true;
  }
  return isJson(body.toString("utf8"), true, new Set());
}

function isJson(text: string, rootArray: boolean, parts: Set<number>): boolean {
  if (nesting(text) > MAX_DEPTH) return false;
  try {
    const value: unknown = JSON.parse(text);
    return (!rootArray || Array.isArray(value)) && referencesResolve(value, parts);
  } catch {
    return false;
  }
}

/**
 * React's reply writes a string starting with "$" only as an escaped literal ("$$…"), a value
 * with no JSON form ($undefined, $NaN, $Infinity, $-Infinity, $-0, $n<digits> BigInt, $D<date>),
 * a FormData ($K<hex>: its entries are fields "<hex>_name"), a temporary reference ($T…), or a
 * reference to another numbered part of the same body. Decoding a reference to a part that is
 * not there makes React fail with "Connection closed." (500): refused here.
 */
function referencesResolve(value: unknown, parts: Set<number>): boolean {
  if (typeof value === "string") {
    if (!value.startsWith("$") || /^\$(\$|undefined$|NaN$|-?Infinity$|-0$|n-?\d+$|D|K[0-9a-f]+$|T)/.test(value)) return true;
    const reference = /^\$[@QWBFiRrXxYYhl]?([0-9a-f]+)(:|$)/.exec(value);
    return !!reference && parts.has(parseInt(reference[1]!, 16));
  }
  if (Array.isArray(value)) return value.every((v) => referencesResolve(v, parts));
  if (value && typeof value === "object") return Object.values(value).every((v) => referencesResolve(v, parts));
  return true;
}

/** The deepest nesting of arrays and objects in JSON text, strings skipped (before any parsing). */
function nesting(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/** The request again, its body from memory: Next reads the stream and the fields below. */
function replay(req: IncomingMessage, body: Buffer): IncomingMessage {
  // Ending the body must not look like the client going away: Next ties its abort signal to the
  // request's "close", which the copy emits only when the original does.
  const copy = Readable.from(body.length ? [body] : [], { autoDestroy: false, emitClose: false }) as unknown as IncomingMessage;
  req.once("close", () => copy.emit("close"));
  for (const key of ["method", "url", "headers", "rawHeaders", "httpVersion", "httpVersionMajor", "httpVersionMinor", "socket", "trailers", "rawTrailers"] as const) {
    Object.defineProperty(copy, key, { value: req[key], writable: true, configurable: true, enumerable: true });
  }
  Object.defineProperty(copy, "connection", { value: req.socket, writable: true, configurable: true });
  Object.defineProperty(copy, "complete", { value: true, writable: true, configurable: true });
  return copy;
}
