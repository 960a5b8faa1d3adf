import fs from "node:fs";
import http from "node:http";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { ACTION_BOUNDARY, HOSTILE_ACTION_BODIES, HOSTILE_PAGE_FORM_POSTS, OVERSIZED_FORM_BYTES } from "../test/hostile-bodies";
import { E2E_APP_URL, hydrated, signUpAndSignIn } from "./support";

// Server actions under hostile input, against the production build through server.ts (the way
// `npm start` serves it): every action the build has (its ids from Next's manifest), with bodies
// React never writes, signed in and not. No answer may be a 5xx; cross-site ones are 403; what is
// refused is refused as 4xx. The fuzz of the JSON API is app/openapi.json/fuzz.int.test.ts.

type Manifest = { node: Record<string, { exportedName: string }> };
const manifest = JSON.parse(fs.readFileSync(".next/server/server-reference-manifest.json", "utf8")) as Manifest;
const actions = Object.entries(manifest.node).map(([id, a]) => ({ id, name: a.exportedName }));
const idOf = (name: string) => actions.find((a) => a.name === name)!.id;
const origin = E2E_APP_URL;

const post = (request: APIRequestContext, path: string, action: string, body: string, type: string, headers: Record<string, string> = { origin }) =>
  request.post(path, { headers: { "next-action": action, ...(type ? { "content-type": type } : {}), ...headers }, data: Buffer.from(body), maxRedirects: 0 });

test.describe("server actions", () => {
  test("every action, every hostile body, anonymous and signed in: no 5xx; malformed bodies 400", async ({ page, request }, info) => {
    test.skip(info.project.name !== "desktop", "one browser is enough: these are HTTP requests and headers");
    expect(actions.length).toBeGreaterThanOrEqual(10);
    const email = `fuzz.${Date.now()}@example.com`;
    // Sign-up proves the address before it signs in (the e-mail's link, read from the outbox).
    await signUpAndSignIn(page, { name: "Fuzz Acciones", email });
    await expect(page).toHaveURL(/\/dashboard/);

    // Before the fuzz, which signs this session out (signOutAction is one of the actions).
    // The reproduction: POST /login with Next-Action and `[]`.
    expect((await post(request, "/login", idOf("signInAction"), "[]", "text/plain;charset=UTF-8")).status()).toBe(404);
    // Signed out, an action that needs a session: 401. Signed in, not an admin, the quota: 403.
    expect((await post(request, "/dashboard/settings", idOf("rotateWebhookSecretAction"), "[]", "text/plain;charset=UTF-8")).status()).toBe(401);
    const quotaForm = `--${ACTION_BOUNDARY}\r\nContent-Disposition: form-data; name="0"\r\n\r\n[{},"$K1"]\r\n--${ACTION_BOUNDARY}\r\nContent-Disposition: form-data; name="1_userId"\r\n\r\n00000000-0000-4000-8000-000000000000\r\n--${ACTION_BOUNDARY}\r\nContent-Disposition: form-data; name="1_transactions"\r\n\r\n5\r\n--${ACTION_BOUNDARY}--\r\n`;
    expect((await post(page.request, "/dashboard/admin/quotas", idOf("setUserQuotaAction"), quotaForm, `multipart/form-data; boundary=${ACTION_BOUNDARY}`)).status()).toBe(403);

    const statuses: Record<string, number> = {};
    const fivexx: string[] = [];
    for (const [who, client, path] of [["anonymous", request, "/login"], ["signed in", page.request, "/dashboard/settings"]] as const) {
      for (const action of actions) {
        for (const [what, body, type] of HOSTILE_ACTION_BODIES) {
          const res = await post(client, path, action.id, body, type);
          statuses[res.status()] = (statuses[res.status()] ?? 0) + 1;
          if (res.status() >= 500) fivexx.push(`${who} ${action.name} ${what}: ${res.status()}`);
          // Bodies React cannot decode never reach Next.
          if (["garbage", "object root", "null", "5,000-deep array", "multipart garbage", "multipart without its root", "multipart with a deep root", "empty body", "dangling references", "a dangling promise", "a dangling model", "multipart with a dangling part"].includes(what)) expect(res.status(), `${action.name} ${what}`).toBe(400);
        }
      }
    }
    // Form posts to pages (no Next-Action), small and past 1 MB, anonymous and signed in.
    for (const [who, client] of [["anonymous", request], ["signed in", page.request]] as const) {
      for (const path of ["/login", "/", "/dashboard/settings", "/signature/sign-document/00000000-0000-4000-8000-000000000000"]) {
        for (const [what, body, type] of HOSTILE_PAGE_FORM_POSTS) {
          const res = await client.post(path, { headers: { origin, "content-type": type }, data: Buffer.from(body), maxRedirects: 0 });
          statuses[res.status()] = (statuses[res.status()] ?? 0) + 1;
          if (res.status() >= 500) fivexx.push(`${who} form post to ${path} ${what}: ${res.status()}`);
          if (/past 1 MB/.test(what)) expect(res.status(), `${who} ${path} ${what}`).toBe(413);
        }
      }
    }
    console.log("server-action fuzz statuses", JSON.stringify(statuses));
    expect(fivexx).toEqual([]);
  });

  test("abuse: anonymous form posts without Next-Action past 1 MB to a page are 413 (Next answered 500), declared or chunked", async ({ request }, info) => {
    test.skip(info.project.name !== "desktop", "one browser is enough: these are HTTP requests and headers");
    const big = "x".repeat(OVERSIZED_FORM_BYTES);
    const urlencoded = await request.post("/login", { headers: { origin, "content-type": "application/x-www-form-urlencoded" }, data: `email=${big}`, maxRedirects: 0 });
    const multipart = await request.post("/", { headers: { origin }, multipart: { email: big }, maxRedirects: 0 });
    // Chunked: no Content-Length to judge by, so the gate counts what arrives.
    const chunked = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${origin}/login`, { method: "POST", headers: { origin, "content-type": `multipart/form-data; boundary=${ACTION_BOUNDARY}`, "transfer-encoding": "chunked" } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      // The server may answer and close before the whole body is written.
      req.on("error", (err: NodeJS.ErrnoException) => (err.code === "EPIPE" || err.code === "ECONNRESET" ? undefined : reject(err)));
      req.write(`--${ACTION_BOUNDARY}\r\nContent-Disposition: form-data; name="email"\r\n\r\n`);
      for (let i = 0; i < 20; i++) req.write("x".repeat(64 * 1024));
      req.end(`\r\n--${ACTION_BOUNDARY}--\r\n`);
    });
    expect({ urlencoded: urlencoded.status(), multipart: multipart.status(), chunked }).toEqual({ urlencoded: 413, multipart: 413, chunked: 413 });
    expect(await urlencoded.json()).toEqual({ message: "The request body is too large." });
    // A small form post to a page still reaches Next (no action in it: the page answers).
    expect((await request.post("/login", { headers: { origin, "content-type": "application/x-www-form-urlencoded" }, data: "email=a%40example.com", maxRedirects: 0 })).status()).toBeLessThan(500);
  });

  test("cross-site actions are 403: another Origin, Sec-Fetch-Site cross-site without Origin, a forged X-Forwarded-Host", async ({ request }, info) => {
    test.skip(info.project.name !== "desktop", "one browser is enough: these are HTTP requests and headers");
    const action = idOf("signInAction");
    const cases: Array<[string, Record<string, string>]> = [
      ["Origin of another site", { origin: "https://evil.example" }],
      ["Sec-Fetch-Site: cross-site, no Origin", { "sec-fetch-site": "cross-site" }],
      ["X-Forwarded-Host naming the other site", { origin: "https://evil.example", "x-forwarded-host": "evil.example" }],
      ["Origin: null", { origin: "null" }],
    ];
    for (const [what, headers] of cases) {
      const res = await post(request, "/login", action, "[]", "text/plain;charset=UTF-8", headers);
      expect(res.status(), what).toBe(403);
      expect(await res.json()).toEqual({ message: "Cross-site request refused." });
    }
    // The same for form actions (a form post without JavaScript: no Next-Action, $ACTION_ fields).
    const form = (fields: Record<string, string>, headers: Record<string, string>) => request.post("/login", { headers, multipart: fields, maxRedirects: 0 });
    expect((await form({ [`$ACTION_ID_${action}`]: "", email: "a@example.com" }, { origin: "https://evil.example" })).status()).toBe(403);
    expect((await form({ [`$ACTION_ID_${action}`]: "", email: "a@example.com" }, { "sec-fetch-site": "cross-site" })).status()).toBe(403);
    // Bound arguments that do not parse: 400 (Next: 500), and a form action's parts that never arrived.
    expect((await form({ $ACTION_REF_1: "", "$ACTION_1:0": JSON.stringify({ id: action, bound: "$@1" }), "$ACTION_1:1": "[garbage" }, { origin })).status()).toBe(400);
    expect((await form({ $ACTION_REF_1: "", "$ACTION_1:0": JSON.stringify({ id: action, bound: "$@7" }) }, { origin })).status()).toBe(400);
    expect((await form({ $ACTION_REF_1: "", "$ACTION_1:0": `${"[".repeat(5000)}${"]".repeat(5000)}` }, { origin })).status()).toBe(400);
    // The same request from the app's own pages goes through to the action.
    expect((await post(request, "/login", action, "[]", "text/plain;charset=UTF-8", { origin, "sec-fetch-site": "same-origin" })).status()).toBe(404);
  });
});

test.describe("headers on every answer", () => {
  test("every page has a nonce-based script-src, its scripts carry the nonce and run (no CSP refusal); nosniff everywhere", async ({ page, request }, info) => {
    test.skip(info.project.name !== "desktop", "one browser is enough: these are HTTP requests and headers");
    const refusals: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy|Refused to (execute|load)/i.test(m.text())) refusals.push(`${page.url()}: ${m.text()}`);
    });
    const pages = ["/", "/login", "/signup", "/verify", "/docs", "/privacidad", "/no-such-page", "/signature/sign-document/00000000-0000-4000-8000-000000000000", "/identity/verify/not-a-token"];
    for (const path of pages) {
      const res = await page.goto(path);
      const policy = res!.headers()["content-security-policy"] ?? "";
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
      expect(policy, path).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
      expect(policy, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(res!.headers()["x-content-type-options"], path).toBe("nosniff");
      // Every <script> the server wrote carries this answer's nonce (Next adds it from the request's policy).
      const html = await res!.text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
      // React ran: the scripts were allowed.
      await hydrated(page);
    }
    expect(refusals).toEqual([]);

    for (const path of ["/api/health", "/openapi.json", "/v1/verify?hash=" + "ab".repeat(32), "/icon.svg"]) {
      const res = await request.get(path);
      expect(res.headers()["x-content-type-options"], path).toBe("nosniff");
    }
    const refused = await post(request, "/login", idOf("signInAction"), "garbage", "text/plain;charset=UTF-8");
    expect(refused.headers()["x-content-type-options"]).toBe("nosniff");
    // The signing page past its link's budget (60 views a minute): 429 with Retry-After, counted before the page renders.
    const link = `/signature/sign-document/${crypto.randomUUID()}`;
    for (let i = 0; i < 60; i++) expect((await request.get(link)).status()).toBe(404);
    const throttled = await request.get(link);
    expect(throttled.status()).toBe(429);
    expect(Number(throttled.headers()["retry-after"])).toBeGreaterThan(0);
    expect(throttled.headers()["x-content-type-options"]).toBe("nosniff");
    // Last: the launcher closes the connection after refusing a malformed path.
    expect((await request.get("/%ZZ")).headers()["x-content-type-options"]).toBe("nosniff");
  });
});
