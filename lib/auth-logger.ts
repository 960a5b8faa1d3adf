import { CredentialsSignin } from "next-auth";
import type pino from "pino";

/**
 * Auth.js's messages through the app's logger (lib/logger.ts: JSON, redaction, no query
 * parameters) instead of its own console.error. A refused sign-in (a wrong password, a throttled
 * address) is what the form is for, not a fault: one info line without a stack, where Auth.js's
 * own logger printed "[auth][error] CredentialsSignin" and twenty lines of stack each time
 * (65 times in one test run). Anything else stays an error, with its cause.
 */
export function authLogger(log: () => pino.Logger) {
  return {
    error(error: Error) {
      if (error instanceof CredentialsSignin) log().info({ auth: error.code }, "sign-in refused");
      else log().error({ err: error }, "auth error");
    },
    warn(code: string) {
      log().warn({ auth: code }, "auth warning");
    },
  };
}
