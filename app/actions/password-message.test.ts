import { describe, expect, it } from "vitest";
import { afterSignIn } from "./password-message";

describe("afterSignIn", () => {
  it("keeps an invitation's page or a dashboard path", () => {
    expect(afterSignIn("/invitations/abcDEF_123-x")).toBe("/invitations/abcDEF_123-x");
    expect(afterSignIn("/dashboard/folders/1f0c")).toBe("/dashboard/folders/1f0c");
  });

  it.each(["//evil.example/invitations/x", "https://evil.example/dashboard", "/\\evil.example", "/invitations/../api/x", "/login", "", undefined, ["/dashboard"]])(
    "sends %j to the dashboard instead",
    (next) => expect(afterSignIn(next)).toBe("/dashboard"),
  );
});
