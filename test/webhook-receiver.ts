import { afterAll, beforeAll } from "vitest";
import { stopWorker } from "@/lib/jobs/worker";
import { webhookReceiver } from "./webhook-server";

export { verifyWebhook, waitFor, webhookReceiver, type Received } from "./webhook-server";

/**
 * For a describe block that runs the worker against a local receiver: starts the receiver before
 * its tests, stops the worker and the receiver after. `url()` is the receiver's address.
 */
export function receiverForWorkerTests() {
  const hooks = webhookReceiver();
  let url = "";
  beforeAll(async () => {
    url = await hooks.start();
  });
  afterAll(async () => {
    await stopWorker();
    await hooks.stop();
  });
  return { received: hooks.received, url: () => url };
}
