import { describe, expect, it } from "vitest";
import { call } from "@/test/http";
import { GET } from "./route";

describe("GET /api/health", () => {
  it("answers 200 {status: ok, db: ok} without authentication when the database answers", async () => {
    const res = await call(GET, "/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", db: "ok" });
  });
});
