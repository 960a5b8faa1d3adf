import { describe, expect, it } from "vitest";
import { canonicalApiUrl } from "./api-aliases";

describe("addresses real identity clients call", () => {
  it("reads repeated slashes as one (a base URL ending in /)", () => {
    expect(canonicalApiUrl("//identity/v3/identity/sessions")).toBe("/identity/v3/identity/sessions");
    expect(canonicalApiUrl("/identity//v2/identity/sessions/abc?include=ine,renapo")).toBe("/identity/v2/identity/sessions/abc?include=ine,renapo");
  });

  it("answers the unprefixed paths under /identity", () => {
    expect(canonicalApiUrl("/v2/identity/sessions/abc?include=files")).toBe("/identity/v2/identity/sessions/abc?include=files");
    expect(canonicalApiUrl("/v3/identity/sessions")).toBe("/identity/v3/identity/sessions");
    expect(canonicalApiUrl("/v1/validations/basic")).toBe("/identity/v1/validations/basic");
    expect(canonicalApiUrl("/v1/miscellaneous/electricity/recibo")).toBe("/identity/v1/miscellaneous/electricity/recibo");
  });

  it("leaves every other address as sent, the query included", () => {
    for (const url of ["/v1/documents/abc", "/v1/companies?page=2", "/identity/v1/validations/basic", "/v1/validationsx", "/dashboard", "/", "/verify?hash=//x"]) {
      expect(canonicalApiUrl(url)).toBe(url);
    }
  });
});
