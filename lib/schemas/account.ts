import { z } from "zod";
import { COMMON_PASSWORDS } from "./common-passwords";

// Shared by the sign-up form, the settings form, the CLI and the API: browser-safe.
export const emailSchema = z.string().trim().toLowerCase().pipe(z.email({ error: "Enter a valid e-mail address." }));

// The API answers in English; the sign-up form gives people these reasons in their language.
export const PASSWORD_PROBLEMS = {
  common: "This password is one of the most used ones; anyone trying passwords tries it first. Choose another.",
  personal: "The password must not be your e-mail or your name.",
  repetitive: "The password repeats too few characters or is one plain run (like aaaaaaaaaaaa or abcdefgh): use at least 5 different characters.",
} as const;

/** Fewest different characters a password may have (README, "Accounts"). */
export const MIN_DISTINCT_PASSWORD_CHARACTERS = 5;

const squash = (text: string) => text.normalize("NFC").toLowerCase().replace(/\s+/g, "");

/** Whether a password is on the common list, also followed by digits or symbols ("password2026!"). */
export function isCommonPassword(password: string): boolean {
  const plain = squash(password);
  return COMMON_PASSWORDS.has(plain) || COMMON_PASSWORDS.has(plain.replace(/[\d\p{P}\p{S}]+$/u, ""));
}

/**
 * NIST SP 800-63B's "repetitive or sequential characters": fewer than 5 different characters
 * ("aaaaaaaaaaaa", "abababab"), or one straight run up or down ("abcdefgh", "98765432"). Case and
 * spaces do not count as difference. Length alone says little about such a password.
 */
export function isRepetitivePassword(password: string): boolean {
  const codes = [...squash(password)].map((c) => c.codePointAt(0)!);
  if (new Set(codes).size < MIN_DISTINCT_PASSWORD_CHARACTERS) return true;
  const step = codes[1]! - codes[0]!;
  return Math.abs(step) === 1 && codes.every((code, i) => i === 0 || code - codes[i - 1]! === step);
}

export const passwordSchema = z
  .string()
  .min(8, { error: "The password must have at least 8 characters." })
  .max(200, { error: "The password must have at most 200 characters." })
  .refine((password) => !isCommonPassword(password), { error: PASSWORD_PROBLEMS.common, abort: true })
  .refine((password) => !isRepetitivePassword(password), { error: PASSWORD_PROBLEMS.repetitive });
export const personNameSchema = z.string().trim().min(1, { error: "Enter a name." }).max(120);
export const localeSchema = z.enum(["es", "en"]);

/** The password is the account's e-mail, the part before its @, or the person's name. */
export function isPersonalPassword(password: string, person: { email: string; name?: string }): boolean {
  const plain = squash(password);
  const email = squash(person.email);
  return [email, email.split("@")[0], person.name && squash(person.name)].some((known) => known && plain === known);
}

export const signUpSchema = z
  .object({ name: personNameSchema, email: emailSchema, password: passwordSchema })
  .refine(({ name, email, password }) => !isPersonalPassword(password, { email, name }), { path: ["password"], error: PASSWORD_PROBLEMS.personal });
export const signInSchema = z.object({ email: emailSchema, password: z.string().min(1).max(200) });
export const accountUpdateSchema = z.object({ name: personNameSchema, locale: localeSchema });
export const apiKeyCreateSchema = z.object({ name: z.string().trim().min(1, { error: "Give the key a name." }).max(80) });
export const passwordChangeSchema = z.object({ current: z.string().min(1, { error: "Enter your current password." }).max(200), password: passwordSchema });
