import nodemailer from "nodemailer";

export type Delivered = { status: "sent"; providerMessageId: string } | { status: "captured" };
export type EmailMessage = { to: string; from: string; subject: string; html: string; text: string };

/**
 * SMTP through nodemailer when SMTP_URL is set (e.g. smtps://user:pass@smtp.example.com:465);
 * without it the message is only captured in the outbox, as a mail catcher would.
 */
export function emailTransport(smtpUrl: string | undefined) {
  if (!smtpUrl) return { async deliver(): Promise<Delivered> { return { status: "captured" }; } };
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async deliver(msg: EmailMessage): Promise<Delivered> {
      const info = await transport.sendMail(msg);
      return { status: "sent", providerMessageId: String(info.messageId) };
    },
  };
}
