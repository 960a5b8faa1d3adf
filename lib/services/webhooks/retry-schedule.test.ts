import { describe, expect, it } from "vitest";
import { delayAfterAttempt, MAX_ATTEMPTS, RETRY_DELAYS_SECONDS } from "./retry-schedule";

describe("webhook retry schedule", () => {
  it("tries at least 8 times over at least 24 hours", () => {
    expect(MAX_ATTEMPTS).toBeGreaterThanOrEqual(8);
    const total = RETRY_DELAYS_SECONDS.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(24 * 3600);
  });

  it("backs off: each delay at least as long as the one before", () => {
    for (let i = 1; i < RETRY_DELAYS_SECONDS.length; i++) expect(RETRY_DELAYS_SECONDS[i]!).toBeGreaterThanOrEqual(RETRY_DELAYS_SECONDS[i - 1]!);
  });

  it("has a delay after every attempt but the last", () => {
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) expect(delayAfterAttempt(attempt)).toBeGreaterThan(0);
    expect(delayAfterAttempt(MAX_ATTEMPTS)).toBeNull();
  });
});
