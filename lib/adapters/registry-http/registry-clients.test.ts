import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpReceiptPortal } from "@/lib/adapters/cfe/receipt-portal";
import { sandboxPortalBody, SANDBOX_RECEIPTS } from "@/lib/adapters/cfe/sandbox-portal";
import { httpVoterRoll } from "@/lib/adapters/ine/voter-roll";
import { sandboxVoterAnswer, SANDBOX_VOTERS } from "@/lib/adapters/ine/sandbox-voters";
import { httpCurpRegistry } from "@/lib/adapters/renapo/curp-registry";
import { sandboxCurpAnswer } from "@/lib/adapters/renapo/sandbox-people";
import { RegistryRefusedError, RegistryUnavailableError } from "./post-registry";

// The real HTTP clients against a local server speaking the registries' protocol (with the
// sandbox's answers as bodies), and against the failures the jobs must tell apart.
type Seen = { method: string; url: string; authorization?: string; body: Record<string, unknown> };
let mode: "ok" | "503" | "401" | "html" | "hang" = "ok";
const seen: Seen[] = [];
const server = http.createServer((req, res) => {
  let raw = "";
  req.on("data", (c) => (raw += c));
  req.on("end", async () => {
    const body = JSON.parse(raw) as Record<string, unknown>;
    seen.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, body });
    if (mode === "hang") return;
    if (mode === "503") return void res.writeHead(503).end("busy");
    if (mode === "401") return void res.writeHead(401, { "content-type": "application/json" }).end('{"error":"bad token"}');
    if (mode === "html") return void res.writeHead(200, { "content-type": "text/html" }).end("<html>mantenimiento</html>");
    const answer =
      req.url === "/api/recibos/consulta"
        ? await sandboxPortalBody(String(body.numero_servicio))
        : req.url === "/api/curp/consulta"
          ? sandboxCurpAnswer(String(body.curp))
          : sandboxVoterAnswer(body as never);
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
  });
});
let base = "";
beforeAll(() => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => ((base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`), resolve()))));
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("receipt portal HTTP client", () => {
  it("POSTs the service number with the token and reads the receipt, its PDF, and raw data without Base64", async () => {
    mode = "ok";
    const answer = await httpReceiptPortal(`${base}/`, "secreto", 2000).query("123456789012");
    expect(seen.at(-1)).toEqual({ method: "POST", url: "/api/recibos/consulta", authorization: "Bearer secreto", body: { numero_servicio: "123456789012" } });
    if (!answer.found) throw new Error("expected a receipt");
    expect(answer.receipt).toEqual(SANDBOX_RECEIPTS[0]);
    expect(Buffer.from(answer.pdf!.bytes).subarray(0, 5).toString()).toBe("%PDF-");
    expect(answer.raw.archivos).toEqual([{ nombre: "recibo_123456789012.pdf", tipo: "application/pdf" }]);
    expect(JSON.stringify(answer.raw)).not.toContain("JVBERi0");
    const missing = await httpReceiptPortal(base, undefined, 2000).query("000000000001");
    expect(missing.found).toBe(false);
    expect(seen.at(-1)!.authorization).toBeUndefined();
  });

  it("tells a portal that cannot answer now (503, not JSON, timeout) from one that refuses (401)", async () => {
    const portal = httpReceiptPortal(base, "t", 300);
    mode = "503";
    await expect(portal.query("1")).rejects.toThrow(new RegistryUnavailableError("The receipt portal answered 503"));
    mode = "html";
    await expect(portal.query("1")).rejects.toBeInstanceOf(RegistryUnavailableError);
    mode = "hang";
    await expect(portal.query("1")).rejects.toThrow(/^The receipt portal did not answer/);
    mode = "401";
    await expect(portal.query("1")).rejects.toThrow(new RegistryRefusedError("The receipt portal refused the query (401)"));
  });
});

describe("voter roll HTTP client", () => {
  it("POSTs the card data and reads the record", async () => {
    mode = "ok";
    const voter = SANDBOX_VOTERS[1]!;
    const card = { cic: voter.cic, identificador_ciudadano: voter.identificador_ciudadano, ocr: null, clave_elector: null, numero_emision: null };
    const answer = await httpVoterRoll(base, "tok", 2000).check(card);
    expect(seen.at(-1)).toEqual({ method: "POST", url: "/api/lista-nominal/consulta", authorization: "Bearer tok", body: card });
    expect(answer).toMatchObject({ estado: "VIGENTE", registro: { modelo: "H", seccion: "1456", entidad: "JALISCO" } });
    mode = "503";
    await expect(httpVoterRoll(base, "tok", 2000).check(card)).rejects.toBeInstanceOf(RegistryUnavailableError);
  });
});

describe("RENAPO HTTP client", () => {
  it("POSTs the CURP and reads the person, or NO_ENCONTRADA", async () => {
    mode = "ok";
    const registry = httpCurpRegistry(`${base}/`, "renapo-tok", 2000);
    const answer = await registry.lookUp("NUGA800715HJCXRN07");
    expect(seen.at(-1)).toEqual({ method: "POST", url: "/api/curp/consulta", authorization: "Bearer renapo-tok", body: { curp: "NUGA800715HJCXRN07" } });
    expect(answer).toMatchObject({
      estatus: "ENCONTRADA",
      persona: { curp: "NUGA800715HJCXRN07", nombres: "JOSÉ ÁNGEL", primer_apellido: "NÚÑEZ", segundo_apellido: "GARCÍA", sexo: "H", fecha_nacimiento: "1980-07-15", entidad_nacimiento: "JC", nacionalidad: "MEX", estatus_curp: "AN" },
    });
    expect(await registry.lookUp("GODE561231HDFRRN04")).toMatchObject({ estatus: "NO_ENCONTRADA", persona: null });
  });

  it("treats 503, HTML and a hang as unavailable, 401 as refused", async () => {
    const registry = httpCurpRegistry(base, "t", 300);
    for (const failing of ["503", "html", "hang"] as const) {
      mode = failing;
      await expect(registry.lookUp("NUGA800715HJCXRN07")).rejects.toBeInstanceOf(RegistryUnavailableError);
    }
    mode = "401";
    await expect(registry.lookUp("NUGA800715HJCXRN07")).rejects.toThrow(new RegistryRefusedError("RENAPO refused the query (401)"));
  });
});
