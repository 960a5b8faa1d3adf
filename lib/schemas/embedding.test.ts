import { describe, expect, it } from "vitest";
import { embedOrigin, embedOrigins, redirectUrl } from "./embedding";

describe("embed origins (CSP frame-ancestors, postMessage targets)", () => {
  it.each([
    ["https://app.example.mx", "https://app.example.mx"],
    ["  https://App.Example.MX/ ", "https://app.example.mx"],
    ["https://app.example.mx:443", "https://app.example.mx"],
    ["https://app.example.mx:8443", "https://app.example.mx:8443"],
    ["http://localhost:3000", "http://localhost:3000"],
    ["http://127.0.0.1:5173", "http://127.0.0.1:5173"],
  ])("keeps %s as the browser's origin %s", (input, origin) => {
    expect(embedOrigin.parse(input)).toBe(origin);
  });

  it.each(["http://app.example.mx", "https://app.example.mx/firmar", "https://app.example.mx?x=1", "https://app.example.mx#a", "https://*.example.mx", "https://u:p@app.example.mx", "javascript:alert(1)", "data:text/html,x", "*", "'self'", "https://a.mx; script-src *", "app.example.mx", "", "http://[::1]:8080", "https://[2001:db8::1]"])(
    "refuses %j",
    (input) => {
      expect(embedOrigin.safeParse(input).success).toBe(false);
    },
  );

  it.each(["https://a.mx;", "https://a.mx,b.mx", "https://a'b.mx", "https://a.mx%3B", "https://a_b.mx", "https://a.mx%2C"])("abuse: forged input, refuses %j (not a host CSP can read), naming it", (input) => {
    const parsed = embedOrigin.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.message).toContain(input);
  });

  it("drops repeats after normalizing and caps the list", () => {
    expect(embedOrigins.parse(["https://a.mx", "https://A.mx/", "https://b.mx"])).toEqual(["https://a.mx", "https://b.mx"]);
    expect(embedOrigins.safeParse(Array.from({ length: 21 }, (_, i) => `https://a${i}.mx`)).success).toBe(false);
  });
});

describe("redirect_url", () => {
  it("takes https URLs as the browser reads them", () => {
    expect(redirectUrl.parse("https://app.example.mx/listo?pedido=7")).toBe("https://app.example.mx/listo?pedido=7");
    expect(redirectUrl.parse("HTTPS://app.example.mx")).toBe("https://app.example.mx/");
  });

  it.each(["javascript:alert(1)", "JavaScript://app.example.mx/%0Aalert(1)", "http://app.example.mx/", "data:text/html,x", "//app.example.mx", "/relative", "ftp://app.example.mx/"])("refuses %j", (input) => {
    expect(redirectUrl.safeParse(input).success).toBe(false);
  });

  it.each(["https://user:pw@app.example.mx/", "https://user@app.example.mx/", "https://:pw@app.example.mx/"])("abuse: forged input, refuses credentials in %j", (input) => {
    const parsed = redirectUrl.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.message).toMatch(/user name or password/);
  });
});
