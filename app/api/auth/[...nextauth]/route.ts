import type { NextRequest } from "next/server";
import { handlers } from "@/lib/auth";

export const { GET } = handlers;

/**
 * Auth.js's own sign-in endpoint (/api/auth/callback/credentials) answers a throttled attempt
 * like any failed one: a redirect (or, with X-Auth-Return-Redirect, 200 and its URL) carrying
 * ?code=rate_limited_<minutes> (SignInThrottled). HTTP has a status for it: 429 with Retry-After.
 * The app's own form signs in through a server action, which cannot answer 429 and tells the
 * person how many minutes to wait instead.
 */
export async function POST(req: NextRequest) {
  const answer = await handlers.POST(req);
  const target = answer.headers.get("location") ?? (answer.headers.get("content-type")?.includes("json") ? String(((await answer.clone().json().catch(() => ({}))) as { url?: unknown }).url ?? "") : "");
  const minutes = /[?&]code=rate_limited_(\d+)/.exec(target)?.[1];
  if (!minutes) return answer;
  const seconds = String(Number(minutes) * 60);
  return Response.json({ message: "Too many sign-in attempts; wait and try again." }, { status: 429, headers: { "Retry-After": seconds } });
}
