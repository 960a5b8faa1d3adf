import { env } from "@/lib/env";
import { sandboxReceiptPortal } from "./sandbox-portal";
import { httpReceiptPortal, type ReceiptPortal } from "./receipt-portal";

/** The configured portal: the sandbox unless CFE_MODE=live. */
export function receiptPortal(): ReceiptPortal {
  const settings = env();
  if (settings.CFE_MODE === "live") {
    if (!settings.CFE_PORTAL_URL) throw new Error("CFE_MODE=live needs CFE_PORTAL_URL.");
    return httpReceiptPortal(settings.CFE_PORTAL_URL, settings.CFE_PORTAL_TOKEN, settings.REGISTRY_TIMEOUT_MS);
  }
  return sandboxReceiptPortal({ latencyMs: settings.SANDBOX_LATENCY_MS });
}
