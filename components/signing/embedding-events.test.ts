import { describe, expect, it } from "vitest";
import { eventTargets, redirectTarget } from "./embedding-events";

describe("where the signing page's events go", () => {
  const allowed = ["https://app.example.mx", "http://localhost:4000"];

  it("sends only to the parent's origin when the browser names it and it is allowed", () => {
    expect(eventTargets(allowed, "https://app.example.mx")).toEqual(["https://app.example.mx"]);
  });

  it("sends nowhere when the named parent is not allowed", () => {
    expect(eventTargets(allowed, "https://evil.example")).toEqual([]);
    expect(eventTargets([], "https://evil.example")).toEqual([]);
  });

  it("without the parent's name, targets each allowed origin (postMessage delivers only to a match), never *", () => {
    expect(eventTargets(allowed, undefined)).toEqual(allowed);
    expect(eventTargets(allowed, "null")).toEqual(allowed);
    expect(eventTargets([], undefined)).toEqual([]);
  });
});

describe("redirect after signing", () => {
  it("adds the outcome and keeps the integrator's query", () => {
    expect(redirectTarget("https://app.example.mx/listo?pedido=7", "signed")).toBe("https://app.example.mx/listo?pedido=7&status=signed");
    expect(redirectTarget("https://app.example.mx/", "rejected")).toBe("https://app.example.mx/?status=rejected");
  });
});
