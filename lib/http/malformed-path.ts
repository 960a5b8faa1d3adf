import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * Next.js decodes dynamic path segments with decodeURIComponent while matching a route, before
 * any of our code runs; a malformed escape (`/v1/documents/%ZZ`) makes it throw, and app routes
 * answer that with a 500. The launcher checks the path first and answers 400 with a JSON message.
 */
export function hasMalformedPath(url: string): boolean {
  const pathname = url.split(/[?#]/, 1)[0] ?? "";
  for (const segment of pathname.split("/")) {
    try {
      decodeURIComponent(segment);
    } catch {
      return true;
    }
  }
  return false;
}

/** Answers 400 and returns true for a path with a malformed percent-escape; else false, untouched. */
export function refuseMalformedPath(req: IncomingMessage, res: ServerResponse): boolean {
  if (!hasMalformedPath(req.url ?? "/")) return false;
  res.writeHead(400, { "content-type": "application/json" });
  res.end(JSON.stringify({ message: "The URL path has a malformed percent-encoding (such as %ZZ); encode it with encodeURIComponent." }));
  // The body was not read: close rather than keep a connection with unread bytes.
  if (!req.complete) res.once("finish", () => req.socket.destroy());
  return true;
}
