// Delays before attempts 2..8 (the first is immediate), as Svix and Standard Webhooks senders
// do: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. Eight attempts spread over 27 h 35 min, so a
// receiver that is down for a day still gets the event.
export const RETRY_DELAYS_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/** Seconds to wait after the given failed attempt (1-based), or null when there is none left. */
export function delayAfterAttempt(attempt: number): number | null {
  return RETRY_DELAYS_SECONDS[attempt - 1] ?? null;
}
