import { Writable } from "node:stream";
import { CredentialsSignin } from "next-auth";
import { describe, expect, it } from "vitest";
import { authLogger } from "./auth-logger";
import { makeLogger } from "./logger";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const log = makeLogger("info", destination);
  return { auth: authLogger(() => log), lines };
}

class Throttled extends CredentialsSignin {
  code = "rate_limited_15";
}

describe("authLogger", () => {
  it("logs a refused sign-in, throttled or not, as one info line with its code and no stack", () => {
    const { auth, lines } = capture();
    auth.error(new CredentialsSignin());
    auth.error(new Throttled());
    expect(lines.map((l) => [l.level, l.msg, l.auth])).toEqual([
      [30, "sign-in refused", "credentials"],
      [30, "sign-in refused", "rate_limited_15"],
    ]);
    expect(JSON.stringify(lines)).not.toContain("stack");
  });

  it("logs any other Auth.js error as an error, with its message and stack", () => {
    const { auth, lines } = capture();
    auth.error(new Error("JWTSessionError: no secret"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, msg: "auth error", err: { message: "JWTSessionError: no secret" } });
    expect((lines[0]!.err as { stack: string }).stack).toContain("auth-logger.test.ts");
  });
});
