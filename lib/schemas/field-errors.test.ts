import { z } from "zod";
import { describe, expect, it } from "vitest";
import { redirectUrl } from "./embedding";
import { fieldErrors } from "./field-errors";

describe("fieldErrors", () => {
  it("says each message once per field, and keeps different messages", () => {
    const schema = z.object({ redirect_url: redirectUrl, name: z.string().min(3, "Too short.").regex(/^[a-z]+$/, "Lowercase only.") });
    const result = schema.safeParse({ redirect_url: "javascript:alert(1)", name: "A" });
    expect(fieldErrors(result.error!)).toEqual({ redirect_url: ["Must be an https URL."], name: ["Too short.", "Lowercase only."] });
  });
});
