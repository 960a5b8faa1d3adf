import type { Delivered } from "@/lib/adapters/email/email-transport";

export type WhatsAppMessage = { to: string; text: string };

/**
 * WhatsApp Cloud API (POST {api}/{phone-number-id}/messages) when a token and phone number id
 * are configured; otherwise captured in the outbox. Numbers are 10-digit Mexican numbers, sent
 * with the 52 country code.
 */
export function whatsappTransport(config: { apiUrl: string; phoneNumberId?: string; token?: string }) {
  if (!config.token || !config.phoneNumberId) return { async deliver(): Promise<Delivered> { return { status: "captured" }; } };
  return {
    async deliver(msg: WhatsAppMessage): Promise<Delivered> {
      const to = msg.to.replace(/\D/g, "");
      const res = await fetch(`${config.apiUrl}/${config.phoneNumberId}/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${config.token}`, "content-type": "application/json" },
        body: JSON.stringify({ messaging_product: "whatsapp", to: to.length === 10 ? `52${to}` : to, type: "text", text: { body: msg.text, preview_url: true } }),
        signal: AbortSignal.timeout(15_000),
      });
      const body = (await res.json().catch(() => ({}))) as { messages?: { id: string }[]; error?: { message?: string } };
      if (!res.ok) throw new Error(`WhatsApp API ${res.status}: ${body.error?.message ?? "no detail"}`);
      return { status: "sent", providerMessageId: body.messages?.[0]?.id ?? "" };
    },
  };
}
