import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { authLogger } from "@/lib/auth-logger";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { clientIp, limitSignIn, minutesToWait } from "@/lib/http/rate-limit";
import { logger } from "@/lib/logger";
import { signInSchema } from "@/lib/schemas/account";
import { endSession, SESSION_DAYS, startSession } from "@/lib/services/users/user-sessions";
import { verifyCredentials } from "@/lib/services/users/verify-credentials";

declare module "next-auth" {
  interface Session {
    /** The server-side session (user_sessions) this cookie stands for; see sessionUser. */
    sessionId?: string;
  }
}

/**
 * Too many attempts for the account or from the address. A CredentialsSignin so Auth.js hands it
 * to the sign-in action as is; its own callback route writes the code into its redirect
 * (?code=rate_limited_<minutes>), which app/api/auth/[...nextauth]/route.ts turns into a 429.
 */
export class SignInThrottled extends CredentialsSignin {
  code = "rate_limited";
  constructor(readonly minutes: number) {
    super();
    this.code = `rate_limited_${minutes}`;
  }
}

// Lazy config: `next build` evaluates this module without a database or AUTH_SECRET.
export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  secret: env().AUTH_SECRET,
  trustHost: true,
  // Credentials sign-in works only with JWT sessions in Auth.js v5.
  // The JWT names a row of user_sessions, checked on every request (lib/services/session-actor.ts),
  // so signing out or changing the password ends a session on the server, not only in this browser.
  session: { strategy: "jwt", maxAge: SESSION_DAYS * 24 * 60 * 60 },
  pages: { signIn: "/login" },
  logger: authLogger(logger),
  providers: [
    Credentials({
      credentials: { email: {}, password: {} },
      // Throttled here, not in the sign-in action, because Auth.js's own callback route
      // (/api/auth/callback/credentials) reaches this too.
      async authorize(raw, request) {
        const parsed = signInSchema.safeParse(raw);
        if (!parsed.success) return null;
        try {
          await limitSignIn(parsed.data.email, clientIp(request));
        } catch (err) {
          if (err instanceof AppError && err.code === "RATE_LIMITED") throw new SignInThrottled(minutesToWait(err));
          throw err;
        }
        const user = await verifyCredentials(getDb(), parsed.data.email, parsed.data.password);
        return user ? { id: user.id, name: user.name, email: user.email } : null;
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user }) {
      // `user` is there only at sign-in: the one moment a session row is made.
      if (user?.id) {
        token.uid = user.id;
        token.sid = await startSession(getDb(), user.id);
      }
      return token;
    },
    session({ session, token }) {
      if (typeof token.uid === "string") session.user.id = token.uid;
      if (typeof token.sid === "string") session.sessionId = token.sid;
      return session;
    },
  },
  events: {
    async signOut(message) {
      const sid = "token" in message ? message.token?.sid : undefined;
      if (typeof sid === "string") await endSession(getDb(), sid);
    },
  },
}));
