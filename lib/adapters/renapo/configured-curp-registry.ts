import { env } from "@/lib/env";
import { httpCurpRegistry, type CurpRegistry } from "./curp-registry";
import { sandboxCurpRegistry } from "./sandbox-people";

export function curpRegistry(): CurpRegistry {
  const settings = env();
  if (settings.RENAPO_MODE === "live") {
    if (!settings.RENAPO_API_URL) throw new Error("RENAPO_MODE=live needs RENAPO_API_URL.");
    return httpCurpRegistry(settings.RENAPO_API_URL, settings.RENAPO_API_TOKEN, settings.REGISTRY_TIMEOUT_MS);
  }
  return sandboxCurpRegistry({ latencyMs: settings.SANDBOX_LATENCY_MS });
}
