import type { z } from "zod";

/**
 * zod issues -> { "a.b.0": ["message"] }, the shape of the reference's 422 body. Browser-safe:
 * the upload form checks its whole document with the API's own schema and shows every problem
 * in this shape at once, as the API would.
 */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "body";
    const messages = (errors[key] ??= []);
    // One message once: a check can fail twice for one value (redirect_url's protocol and its
    // hostname both say "Must be an https URL." for `javascript:alert(1)`).
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return errors;
}
