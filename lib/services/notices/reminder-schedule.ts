import { TZDate } from "@date-fns/tz";

export type ReminderPlan = { tries: number; rememberEvery: number; rememberAt: string; timeZone: string };

/**
 * When reminder `slot` (1..tries) is due: `slot × remember_every` days after the local date of
 * the first notice, at `remember_at` local time in the folder's time zone. Computed in the zone,
 * so it stays at 09:00 local across daylight-saving changes.
 */
export function reminderDueAt(firstNoticeAt: Date, slot: number, plan: ReminderPlan): Date {
  const local = new TZDate(firstNoticeAt.getTime(), plan.timeZone);
  const [hour, minute, second] = plan.rememberAt.split(":").map(Number) as [number, number, number];
  const due = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + slot * plan.rememberEvery, hour, minute, second, plan.timeZone);
  return new Date(due.getTime());
}

/** The first slot after `sent` reminders, or null when all `tries` are used. */
export function nextReminderAt(firstNoticeAt: Date, sent: number, plan: ReminderPlan): Date | null {
  return sent < plan.tries ? reminderDueAt(firstNoticeAt, sent + 1, plan) : null;
}

/**
 * The latest slot already due at `now`. After downtime several slots may have passed: only the
 * latest is sent (one message, not a burst), and the skipped ones count as used.
 */
export function dueSlot(firstNoticeAt: Date, sent: number, plan: ReminderPlan, now: Date): number | null {
  let slot: number | null = null;
  for (let k = sent + 1; k <= plan.tries; k++) {
    if (reminderDueAt(firstNoticeAt, k, plan) > now) break;
    slot = k;
  }
  return slot;
}
