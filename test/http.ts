/** Calls a route handler the way Next.js does, with path params as a promise. */
export function call(
  handler: (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>,
  url: string,
  init: RequestInit & { params?: Record<string, string> } = {},
): Promise<Response> {
  const { params = {}, ...rest } = init;
  return handler(new Request(new URL(url, "http://localhost:3000"), rest), { params: Promise.resolve(params) });
}
