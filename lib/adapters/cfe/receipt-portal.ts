import { z } from "zod";
import { postRegistry, RegistryUnavailableError } from "@/lib/adapters/registry-http/post-registry";
import type { OfficialReceipt } from "@/lib/db/schema";

/**
 * The electricity utility's receipt portal. Both clients speak one protocol: a POST of the
 * service number answers the receipt as issued (holder, address, period, amount, state, due
 * date) with its PDF as a Base64 file. The comparison with what the caller typed is ours
 * (lib/services/validations/compare-receipt.ts), so both clients are judged by the same rule.
 */

export type PortalAnswer =
  | { found: true; receipt: OfficialReceipt; pdf: { name: string; bytes: Uint8Array } | null; raw: Record<string, unknown> }
  | { found: false; raw: Record<string, unknown> };

export interface ReceiptPortal {
  /** Throws RegistryUnavailableError when the portal cannot answer now (retried by the job). */
  query(numeroServicio: string): Promise<PortalAnswer>;
}

/** The portal's answer body: `archivos[].contenido` is Base64 and never kept in raw_response. */
export const portalResponse = z.object({
  encontrado: z.boolean(),
  recibo: z
    .object({
      titular: z.string(),
      domicilio: z.string(),
      numero_servicio: z.string(),
      periodo: z.string(),
      importe: z.string(),
      estado_recibo: z.string(),
      fecha_limite: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    })
    .passthrough()
    .nullish(),
  archivos: z.array(z.object({ nombre: z.string(), tipo: z.string(), contenido: z.string().optional() }).passthrough()).default([]),
}).passthrough();

export function readPortalResponse(body: unknown): PortalAnswer {
  const parsed = portalResponse.safeParse(body);
  if (!parsed.success) throw new RegistryUnavailableError("The receipt portal answered in an unexpected shape");
  const { archivos, ...rest } = parsed.data;
  // Files are listed by name; their Base64 content is kept out of raw_response.
  const raw = { ...rest, archivos: archivos.map((file) => Object.fromEntries(Object.entries(file).filter(([k]) => k !== "contenido"))) };
  if (!parsed.data.encontrado || !parsed.data.recibo) return { found: false, raw };
  const pdfFile = archivos.find((f) => f.tipo === "application/pdf" && f.contenido);
  const { titular, domicilio, numero_servicio, periodo, importe, estado_recibo, fecha_limite } = parsed.data.recibo;
  return {
    found: true,
    receipt: { titular, domicilio, numero_servicio, periodo, importe, estado_recibo, fecha_limite },
    pdf: pdfFile ? { name: pdfFile.nombre, bytes: Buffer.from(pdfFile.contenido!, "base64") } : null,
    raw,
  };
}

/** The real portal over HTTP: POST {CFE_PORTAL_URL}/recibos/consulta with a Bearer token. */
export function httpReceiptPortal(baseUrl: string, token: string | undefined, timeoutMs: number): ReceiptPortal {
  return {
    async query(numeroServicio) {
      const { status, json } = await postRegistry(`${baseUrl.replace(/\/$/, "")}/recibos/consulta`, { numero_servicio: numeroServicio }, { token, timeoutMs, name: "The receipt portal" });
      if (status === 404) return { found: false, raw: (json as Record<string, unknown>) ?? { encontrado: false } };
      return readPortalResponse(json);
    },
  };
}

