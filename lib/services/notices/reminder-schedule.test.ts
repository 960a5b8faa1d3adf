import { describe, expect, it } from "vitest";
import { dueSlot, nextReminderAt, reminderDueAt } from "./reminder-schedule";

const mx = { tries: 3, rememberEvery: 2, rememberAt: "09:30:00", timeZone: "America/Mexico_City" };

describe("reminder schedule", () => {
  it("puts slot k at k × remember_every days after the notice's local date, at remember_at local time", () => {
    // 2026-11-22 23:00 in Mexico City (UTC-6) is 2026-11-23T05:00Z: the local date is the 22nd.
    const notice = new Date("2026-11-23T05:00:00Z");
    expect(reminderDueAt(notice, 1, mx).toISOString()).toBe("2026-11-24T15:30:00.000Z");
    expect(reminderDueAt(notice, 2, mx).toISOString()).toBe("2026-11-26T15:30:00.000Z");
    expect(reminderDueAt(notice, 3, mx).toISOString()).toBe("2026-11-28T15:30:00.000Z");
  });

  it("uses the folder's zone", () => {
    const notice = new Date("2026-11-22T12:00:00Z");
    expect(reminderDueAt(notice, 1, { ...mx, rememberEvery: 1, timeZone: "America/Cancun" }).toISOString()).toBe("2026-11-23T14:30:00.000Z");
    expect(reminderDueAt(notice, 1, { ...mx, rememberEvery: 1, timeZone: "Asia/Tokyo" }).toISOString()).toBe("2026-11-23T00:30:00.000Z"); // 21:00 JST on the 22nd
  });

  it("keeps local time across a daylight-saving change (Tijuana, 2027-03-14)", () => {
    const notice = new Date("2027-03-13T17:00:00Z"); // 09:00 PST
    const plan = { tries: 2, rememberEvery: 1, rememberAt: "09:00:00", timeZone: "America/Tijuana" };
    expect(reminderDueAt(notice, 1, plan).toISOString()).toBe("2027-03-14T16:00:00.000Z"); // 09:00 PDT
    expect(reminderDueAt(notice, 2, plan).toISOString()).toBe("2027-03-15T16:00:00.000Z");
  });

  it("has no next reminder once tries are used", () => {
    const notice = new Date("2026-11-22T12:00:00Z");
    expect(nextReminderAt(notice, 0, mx)).toEqual(reminderDueAt(notice, 1, mx));
    expect(nextReminderAt(notice, 3, mx)).toBeNull();
    expect(nextReminderAt(notice, 0, { ...mx, tries: 0 })).toBeNull();
  });

  it("picks the latest due slot after downtime, none before the first is due", () => {
    const notice = new Date("2026-11-22T12:00:00Z");
    expect(dueSlot(notice, 0, mx, new Date("2026-11-24T15:29:59Z"))).toBeNull();
    expect(dueSlot(notice, 0, mx, new Date("2026-11-24T15:30:00Z"))).toBe(1);
    expect(dueSlot(notice, 1, mx, new Date("2026-11-24T15:30:00Z"))).toBeNull();
    expect(dueSlot(notice, 0, mx, new Date("2026-11-27T00:00:00Z"))).toBe(2);
    expect(dueSlot(notice, 0, mx, new Date("2027-01-01T00:00:00Z"))).toBe(3);
    expect(dueSlot(notice, 3, mx, new Date("2027-01-01T00:00:00Z"))).toBeNull();
  });
});
