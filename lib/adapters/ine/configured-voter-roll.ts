import { env } from "@/lib/env";
import { sandboxVoterRoll } from "./sandbox-voters";
import { httpVoterRoll, type VoterRoll } from "./voter-roll";

export function voterRoll(): VoterRoll {
  const settings = env();
  if (settings.INE_MODE === "live") {
    if (!settings.INE_API_URL) throw new Error("INE_MODE=live needs INE_API_URL.");
    return httpVoterRoll(settings.INE_API_URL, settings.INE_API_TOKEN, settings.REGISTRY_TIMEOUT_MS);
  }
  return sandboxVoterRoll({ latencyMs: settings.SANDBOX_LATENCY_MS });
}
