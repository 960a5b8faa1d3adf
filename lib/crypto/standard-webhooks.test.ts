import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { signWebhook, webhookHeaders } from "./standard-webhooks";

const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const body = JSON.stringify({ uuid: "0f6b", nombre_titular: "MARÍA PEÑA", importe: "1234.50" });

describe("Standard Webhooks signatures", () => {
  it("verify with the standardwebhooks package", () => {
    const ts = Math.floor(Date.now() / 1000);
    const headers = webhookHeaders(secret, "msg_1", ts, body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it("match the specification's published example", () => {
    // Example from the Standard Webhooks specification.
    const example = '{"test": 2432232314}';
    expect(signWebhook(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, example)).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });

  it("fail verification when the body is altered", () => {
    const ts = Math.floor(Date.now() / 1000);
    const headers = webhookHeaders(secret, "msg_1", ts, body);
    expect(() => new Webhook(secret).verify(body.replace("1234.50", "9999.00"), headers)).toThrow();
  });

  it("fail verification with another secret", () => {
    const ts = Math.floor(Date.now() / 1000);
    const headers = webhookHeaders(secret, "msg_1", ts, body);
    expect(() => new Webhook("whsec_" + Buffer.from("another secret of 24 b!!").toString("base64")).verify(body, headers)).toThrow();
  });
});
