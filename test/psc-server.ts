import http from "node:http";
import type { AddressInfo } from "node:net";
import { createTestPsc, type Authority } from "@/lib/crypto/test-pki";
import { createTimestampToken, readTimestampRequest, timestampResponse } from "@/lib/crypto/timestamp-token";

/**
 * A test PSC over HTTP (RFC 3161, application/timestamp-query), answering as the accredited PSC
 * whose production constancia sits in shared/realworld/nom151: policy 2.16.484.101.10.316.2.1.1.2.1,
 * a certificate without extended key usage chained straight to its root, a negative serial
 * number, and no nonce in the answer (it ignores the request's).
 */
export const PSC_POLICY = "2.16.484.101.10.316.2.1.1.2.1";

export async function startTestPsc(options: { rootName?: string; pscName?: string } = {}) {
  const { root, psc } = await createTestPsc(options.rootName ?? "AUTORIDAD CERTIFICADORA RAIZ DE PRUEBAS NOM151", options.pscName ?? "PSC NOM151 DE PRUEBAS");
  let serial = -0x35cee4n;
  const requests: { nonce: boolean }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      try {
        const request = readTimestampRequest(new Uint8Array(Buffer.concat(chunks)));
        requests.push({ nonce: Boolean(request.nonce) });
        const token = await createTimestampToken({
          tsa: { certificateDer: new Uint8Array(psc.certificate.rawData), privateKey: psc.keys.privateKey },
          messageImprint: request.messageImprint,
          serialNumber: serial--,
          genTime: new Date(),
          policy: PSC_POLICY,
        });
        res.writeHead(200, { "content-type": "application/timestamp-reply" }).end(Buffer.from(timestampResponse(token)));
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsa`,
    root: root as Authority,
    psc: psc as Authority,
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
