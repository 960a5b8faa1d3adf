// The floor of `npm run bench:http`, in a process of its own: node:http + postgres.js answering
// the same rows our six hot reads answer, with hand-written SQL and JSON.stringify. No API-key
// check, no folder membership, no zod, no rate limits, no resource mapping: what the database
// and HTTP alone cost. Sends {port} to its parent when listening.
import http from "node:http";
import type { AddressInfo } from "node:net";
import postgres from "postgres";

const sql = postgres(process.env.DATABASE_URL!, { max: 10, onnotice: () => {} }); // the app's pool size (lib/db/client.ts)

type Handler = (id: string, query: URLSearchParams) => Promise<unknown>;
const one = <T>(rows: readonly T[]) => rows[0] ?? null;

const routes: [RegExp, Handler][] = [
  [
    /^\/v1\/documents\/([^/]+)$/,
    async (id) => {
      const [document, signatories, spectators] = await Promise.all([
        sql`select d.*, u.name as owner_name, u.email as owner_email from documents d join users u on u.id = d.owner_user_id where d.id = ${id}`.then(one),
        sql`select * from signatories where document_id = ${id} and removed_at is null order by position`,
        sql`select * from spectators where document_id = ${id}`,
      ]);
      return document && { data: { ...document, signatories, spectators } };
    },
  ],
  [
    /^\/v1\/containers\/([^/]+)\/documents$/,
    async (folderId, query) => {
      const size = Number(query.get("size") ?? 20);
      const page = Number(query.get("page") ?? 0);
      const [[total], rows] = await Promise.all([
        sql<{ n: number }[]>`select document_count as n from work_folders where id = ${folderId}`, // the count the app keeps
        sql`select d.*, u.name as owner_name from documents d join users u on u.id = d.owner_user_id
            where d.folder_id = ${folderId} order by d.created_at desc, d.id desc limit ${size} offset ${page * size}`,
      ]);
      const ids = rows.map((r) => r.id as string);
      const signers = ids.length ? await sql`select * from signatories where document_id in ${sql(ids)} and removed_at is null order by position` : [];
      return { data: rows.map((r) => ({ ...r, signatories: signers.filter((s) => s.document_id === r.id) })), meta: { totalItems: total!.n } };
    },
  ],
  [
    /^\/v1\/companies$/,
    async (_id, query) => {
      const user = query.get("user")!;
      const [[total], rows] = await Promise.all([
        sql<{ n: number }[]>`select count(*)::int as n from folder_memberships where user_id = ${user}`,
        sql`select f.*, m.role from work_folders f join folder_memberships m on m.folder_id = f.id where m.user_id = ${user} order by f.created_at limit 20`,
      ]);
      return { data: rows, meta: { totalItems: total!.n } };
    },
  ],
  [/^\/identity\/v2\/identity\/sessions\/([^/]+)$/, async (id) => one(await sql`select * from identity_sessions where id = ${id}`)],
  [/^\/identity\/v1\/miscellaneous\/electricity\/recibo\/([^/]+)$/, async (id) => one(await sql`select * from receipt_validations where id = ${id}`)],
  [
    /^\/v1\/signatures\/([^/]+)$/,
    async (id) => {
      const signatory = one(await sql`select * from signatories where id = ${id} and removed_at is null`);
      if (!signatory) return null;
      const [document, others] = await Promise.all([
        sql`select d.*, u.name as owner_name from documents d join users u on u.id = d.owner_user_id where d.id = ${signatory.document_id as string}`.then(one),
        sql`select name, sign_status from signatories where document_id = ${signatory.document_id as string} and removed_at is null order by position`,
      ]);
      return { data: { signatory, document, signatories: others } };
    },
  ],
];

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", "http://floor");
  try {
    for (const [pattern, handle] of routes) {
      const match = pattern.exec(url.pathname);
      if (!match) continue;
      const body = await handle(match[1] ?? "", url.searchParams);
      if (!body) return void res.writeHead(404).end();
      return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    }
    res.writeHead(404).end();
  } catch (err) {
    res.writeHead(500).end(String(err));
  }
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.FLOOR_PORT ?? 0), "127.0.0.1", () => process.send!({ port: (server.address() as AddressInfo).port }));
process.on("disconnect", () => process.exit(0));
