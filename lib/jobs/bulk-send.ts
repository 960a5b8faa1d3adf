import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { runBulkSend } from "@/lib/services/bulk-sends/run-bulk-send";
import { defineJob } from "./job";

export const bulkSendJob = defineJob({
  queue: "bulk-send",
  payload: z.object({ bulkSendId: z.uuid() }),
  handle: ({ bulkSendId }) => runBulkSend(getDb(), bulkSendId),
});
