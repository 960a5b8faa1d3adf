import crypto from "node:crypto";
import { fieldErrors } from "@/lib/schemas/field-errors";
import { z } from "zod";
import { auth } from "@/lib/auth";
import { getDb } from "@/lib/db/client";
import { AppError, httpStatusOf, INVALID_DATA_MESSAGE } from "@/lib/errors";
import { logger } from "@/lib/logger";
import type { Actor } from "@/lib/services/actor";
import { authenticateApiKey } from "@/lib/services/api-keys/authenticate-api-key";
import { sessionUser } from "@/lib/services/session-actor";
import { refuseControlCharacters } from "./control-characters";
import { maskedPath } from "./masked-path";
import { JSON_BODY_LIMIT, readBodyForm, readBodyText } from "./read-body";
import { isSameOriginWrite } from "./same-origin";

/**
 * The one wrapper every JSON route goes through: request id -> authenticate -> parse (zod) ->
 * call the handler -> reply; AppError and ZodError become the JSON errors of product.md, and
 * anything else a 500 with the request id, never a stack trace.
 */

/**
 * apiKey: an API key (Bearer or X-Api-Key). session: the dashboard cookie. apiKeyOrSession: a key
 * when one is presented, else the cookie, so the dashboard uses the public API (uploads with
 * progress); cookie-authenticated writes must come from our own origin (CSRF).
 */
type AuthMode = "apiKey" | "session" | "apiKeyOrSession" | "none";

type Spec<B extends z.ZodType | undefined, Q extends z.ZodType | undefined, P extends z.ZodType | undefined, A extends AuthMode> = {
  auth: A;
  body?: B;
  query?: Q;
  params?: P;
  /** Largest body read, in bytes (413 past it, counted as it streams); JSON_BODY_LIMIT by default. */
  bodyLimit?: number;
  /**
   * Also take multipart/form-data with the JSON body's field names: text parts as strings, file
   * parts as their bytes in Base64 (for bodies whose files travel as Base64 in JSON).
   */
  multipart?: boolean;
  /**
   * Rate limits, checked after authentication (so a budget can be the API key's) and before the
   * body is read, so malformed requests count too.
   */
  limit?: (req: Request, params: Parsed<P>, actor: Actor | null) => Promise<void>;
};

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export type RouteContext<B, Q, P, A extends AuthMode> = {
  actor: A extends "none" ? null : Actor;
  body: Parsed<B>;
  query: Parsed<Q>;
  params: Parsed<P>;
  req: Request;
  requestId: string;
};

type NextContext = { params: Promise<Record<string, string | string[]>> };

export function apiRoute<
  A extends AuthMode,
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
>(spec: Spec<B, Q, P, A>, handler: (ctx: RouteContext<B, Q, P, A>) => Promise<Response | unknown>) {
  return async (req: Request, nextCtx?: NextContext): Promise<Response> => {
    const started = performance.now();
    const requestId = requestIdOf(req);
    const url = new URL(req.url); // once: the query and the log line both need it
    let actor: Actor | null = null;
    let response: Response;
    try {
      actor = await authenticate(req, spec.auth);
      const rawParams = (await nextCtx?.params) ?? {};
      const rawQuery = Object.fromEntries(url.searchParams);
      // Before anything uses them (rate-limit keys included), schema or not.
      refuseControlCharacters(rawParams);
      refuseControlCharacters(rawQuery);
      const params = spec.params ? parseOrThrow(spec.params, rawParams) : undefined;
      await spec.limit?.(req, params as Parsed<P>, actor);
      const query = spec.query ? parseOrThrow(spec.query, rawQuery) : undefined;
      const body = spec.body ? parseOrThrow(spec.body, spec.multipart && isMultipart(req) ? await readMultipart(req, spec.bodyLimit ?? JSON_BODY_LIMIT) : await readJson(req, spec.bodyLimit ?? JSON_BODY_LIMIT)) : undefined;
      const result = await handler({ actor, body, query, params, req, requestId } as RouteContext<B, Q, P, A>);
      response = result instanceof Response ? result : json(result ?? {}, 200);
    } catch (err) {
      response = errorResponse(err, requestId, req);
    }
    response.headers.set("X-Request-Id", requestId);
    logger().info(
      { requestId, method: req.method, path: maskedPath(url.pathname), status: response.status, ms: Math.round(performance.now() - started), userId: actor?.userId },
      "request",
    );
    return response;
  };
}

export function json(data: unknown, status = 200, headers: HeadersInit = {}): Response {
  return Response.json(data, { status, headers });
}

function requestIdOf(req: Request): string {
  const given = req.headers.get("x-request-id");
  return given && /^[\w.-]{1,128}$/.test(given) ? given : crypto.randomUUID();
}

/** `Authorization: Bearer <key>` and `X-Api-Key: <key>` are both accepted on every API route. */
export function presentedApiKey(req: Request): string | null {
  const header = req.headers.get("authorization");
  const bearer = header?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  return bearer ?? req.headers.get("x-api-key")?.trim() ?? null;
}

async function authenticate(req: Request, mode: AuthMode): Promise<Actor | null> {
  if (mode === "none") return null;
  const key = presentedApiKey(req);
  if (mode === "apiKey" || (mode === "apiKeyOrSession" && key)) {
    const actor = key ? await authenticateApiKey(getDb(), key) : null;
    if (!actor) throw new AppError("UNAUTHORIZED", "Unauthorized");
    return actor;
  }
  // No session cookie: answer 401 without asking Auth.js (API calls without a key end here).
  if (!/(^|;\s*)(__Secure-)?authjs\.session-token/.test(req.headers.get("cookie") ?? "")) throw new AppError("UNAUTHORIZED", "Unauthorized");
  const session = await auth();
  const found = await sessionUser(session);
  if (!found) throw new AppError("UNAUTHORIZED", "Unauthorized");
  // A cookie rides along with any request the browser sends, whichever site started it: every
  // write authenticated by it must come from this app (server actions get the same check from
  // Next itself, which compares Origin with Host).
  if (!sameOriginWrite(req)) throw new AppError("FORBIDDEN", "Cross-site request refused.");
  return found.actor;
}

/** Browsers send Origin on every non-GET fetch/XHR; a write from another site is refused (isSameOriginWrite). */
function sameOriginWrite(req: Request): boolean {
  if (req.method === "GET" || req.method === "HEAD") return true;
  return isSameOriginWrite((name) => req.headers.get(name));
}

function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError("INVALID", INVALID_DATA_MESSAGE, fieldErrors(parsed.error));
  return parsed.data;
}


export { fieldErrors };

const isMultipart = (req: Request) => /^multipart\/form-data\b/i.test(req.headers.get("content-type") ?? "");

async function readMultipart(req: Request, limit: number): Promise<Record<string, string>> {
  const form = await readBodyForm(req, limit);
  if (!form) throw new AppError("INVALID", INVALID_DATA_MESSAGE, { body: ["The body is not valid multipart/form-data."] });
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) fields[name] = typeof value === "string" ? value : Buffer.from(await value.arrayBuffer()).toString("base64");
  refuseControlCharacters(fields);
  return fields;
}

async function readJson(req: Request, limit: number): Promise<unknown> {
  const text = await readBodyText(req, limit);
  if (!text.trim()) return {};
  // JSON is read whatever the label, as long as the label could be JSON: `curl -d` sends
  // x-www-form-urlencoded and fetch with a string body sends text/plain.
  const type = req.headers.get("content-type") ?? "";
  if (type && !/^(application\/([\w.+-]*\+)?json|text\/plain|application\/x-www-form-urlencoded)\b/i.test(type)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the body as application/json.");
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError("INVALID", INVALID_DATA_MESSAGE, { body: ["The body is not valid JSON."] });
  }
  refuseControlCharacters(parsed);
  return parsed;
}

/** nginx's status for a request whose client went away before the answer (no standard one exists). */
export const CLIENT_CLOSED_REQUEST = 499;

/**
 * An abort of the request: its signal (Next aborts it when the socket closes) or the error the
 * body stream fails with when the peer resets or stops mid-body (undici: "terminated", Node:
 * "aborted", ECONNRESET).
 */
function clientGone(err: unknown, req: Request): boolean {
  if (req.signal.aborted) return true;
  const e = err as { name?: string; code?: string; message?: string; cause?: { code?: string; name?: string } } | null;
  if (!e || typeof e !== "object") return false;
  return e.name === "AbortError" || e.code === "ECONNRESET" || e.code === "ERR_STREAM_PREMATURE_CLOSE" || e.cause?.code === "ECONNRESET" || e.cause?.name === "AbortError" || /^(aborted|terminated)$/.test(e.message ?? "");
}

function errorResponse(err: unknown, requestId: string, req: Request): Response {
  if (err instanceof AppError) {
    const body: Record<string, unknown> = { ...err.details, message: err.message };
    if (err.errors) body.errors = err.errors;
    return json(body, httpStatusOf[err.code], err.headers);
  }
  if (clientGone(err, req)) {
    // The client closed the connection (mostly while sending its body): nothing of ours failed,
    // so no level-50 "unexpected error" and no 500 in the request log. 499 as nginx writes it.
    logger().info({ requestId, method: req.method, path: maskedPath(new URL(req.url).pathname) }, "client closed the request");
    return json({ message: "Client closed the request." }, CLIENT_CLOSED_REQUEST);
  }
  logger().error({ requestId, method: req.method, path: maskedPath(new URL(req.url).pathname), err }, "unexpected error");
  return json({ message: "Internal server error", request_id: requestId }, 500);
}
