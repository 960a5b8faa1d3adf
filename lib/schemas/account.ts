import { z } from "zod";

// Shared by the sign-up form, the settings form, the CLI and the API: browser-safe.
export const emailSchema = z.string().trim().toLowerCase().pipe(z.email({ error: "Enter a valid e-mail address." }));
export const passwordSchema = z
  .string()
  .min(8, { error: "The password must have at least 8 characters." })
  .max(200, { error: "The password must have at most 200 characters." });
export const personNameSchema = z.string().trim().min(1, { error: "Enter a name." }).max(120);
export const localeSchema = z.enum(["es", "en"]);

export const signUpSchema = z.object({ name: personNameSchema, email: emailSchema, password: passwordSchema });
export const signInSchema = z.object({ email: emailSchema, password: z.string().min(1).max(200) });
export const accountUpdateSchema = z.object({ name: personNameSchema, locale: localeSchema });
export const apiKeyCreateSchema = z.object({ name: z.string().trim().min(1, { error: "Give the key a name." }).max(80) });
