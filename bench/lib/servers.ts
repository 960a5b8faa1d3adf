import { spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type postgres from "postgres";

export type Served = { url: string; close: () => Promise<void> };
type Answer = { status: number; headers: Record<string, string>; body: string | Uint8Array };
type Route = { pattern: RegExp; handle: (req: http.IncomingMessage, uuid: string) => Promise<Answer> };

/** A plain node:http server; a route's pattern captures the {uuid} of the path (query string aside). */
function listen(routes: Route[]): Promise<Served> {
  const server = http.createServer(async (req, res) => {
    const pathname = (req.url ?? "/").split("?")[0]!;
    let answer: Answer = { status: 404, headers: {}, body: "" };
    try {
      for (const route of routes) {
        const match = route.pattern.exec(pathname);
        if (match) answer = await route.handle(req, match[1]!);
      }
    } catch (err) {
      answer = { status: 500, headers: {}, body: String(err) };
    }
    res.writeHead(answer.status, answer.headers).end(answer.body);
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((done) => server.close(() => done()).closeAllConnections()),
      });
    }),
  );
}

type NextHandler = (req: Request, ctx: { params: Promise<{ uuid: string }> }) => Promise<Response>;

/**
 * Our App Router handlers without Next's router: IncomingMessage -> web Request -> handler ->
 * Response -> ServerResponse. GET only (no request body is forwarded).
 */
export function serveHandlers(handlers: { document: NextHandler; listing: NextHandler }): Promise<Served> {
  const adapt =
    (handler: NextHandler) =>
    async (req: http.IncomingMessage, uuid: string): Promise<Answer> => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) for (const v of [value ?? []].flat()) headers.append(name, v);
      const request = new Request(new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`), { method: req.method, headers });
      const response = await handler(request, { params: Promise.resolve({ uuid }) });
      return { status: response.status, headers: Object.fromEntries(response.headers), body: new Uint8Array(await response.arrayBuffer()) };
    };
  return listen([
    { pattern: /^\/v1\/documents\/([^/]+)$/, handle: adapt(handlers.document) },
    { pattern: /^\/v1\/containers\/([^/]+)\/documents$/, handle: adapt(handlers.listing) },
  ]);
}

const json = (data: unknown): Answer => ({ status: 200, headers: { "content-type": "application/json" }, body: JSON.stringify(data) });

/**
 * The floor: the same two URLs answered with hand-written SQL through postgres.js and
 * JSON.stringify. No authentication, no folder-membership check, no zod, no spectators, no
 * resource mapping. Document: document row (+ owner name) and its signatories, in parallel.
 * Listing: count + page (+ owner name) in parallel, then the page's signatories.
 */
export function serveFloor(sql: postgres.Sql): Promise<Served> {
  return listen([
    {
      pattern: /^\/v1\/documents\/([^/]+)$/,
      handle: async (_req, id) => {
        const [[document], signatories] = await Promise.all([
          sql`select d.*, u.name as owner_name, u.email as owner_email from documents d join users u on u.id = d.owner_user_id where d.id = ${id}`,
          sql`select * from signatories where document_id = ${id} and removed_at is null order by position`,
        ]);
        return document ? json({ data: { ...document, signatories } }) : { status: 404, headers: {}, body: "" };
      },
    },
    {
      pattern: /^\/v1\/containers\/([^/]+)\/documents$/,
      handle: async (req, folderId) => {
        const query = new URL(req.url ?? "/", "http://x").searchParams;
        const size = Number(query.get("size") ?? 20);
        const page = Number(query.get("page") ?? 0);
        const [[total], rows] = await Promise.all([
          sql<{ n: number }[]>`select count(*)::int as n from documents where folder_id = ${folderId}`,
          sql`select d.*, u.name as owner_name, u.email as owner_email from documents d join users u on u.id = d.owner_user_id
              where d.folder_id = ${folderId} order by d.created_at desc, d.id desc limit ${size} offset ${page * size}`,
        ]);
        const ids = rows.map((r) => r.id as string);
        const signers = ids.length ? await sql`select * from signatories where document_id in ${sql(ids)} and removed_at is null order by position` : [];
        const data = rows.map((r) => ({ ...r, signatories: signers.filter((s) => s.document_id === r.id) }));
        return json({ data, meta: { totalItems: total!.n, initialItem: page * size } });
      },
    },
  ]);
}

/** `npm start`'s server.ts (node with tsx's loader, as the tsx command runs it), production build, in its own process group. */
export async function startServer(env: NodeJS.ProcessEnv, port: number, nodeArgs: string[] = []): Promise<{ url: string; pid?: number; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", "server.ts"], { env: { ...env, PORT: String(port) }, stdio: ["ignore", "ignore", "inherit"], detached: true });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server.ts exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error("server.ts did not answer /api/health in 120 s");
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode === null) process.kill(-child.pid!, "SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
      if (child.exitCode === null) process.kill(-child.pid!, "SIGKILL");
    },
  };
}
