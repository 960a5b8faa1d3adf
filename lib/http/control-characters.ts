import { AppError, INVALID_DATA_MESSAGE } from "@/lib/errors";
import { CONTROL_CHARACTER as CONTROL } from "@/lib/schemas/common";

const CONTROL_ALL = new RegExp(CONTROL.source, "g");

/** Deeper than any body of the API (free `optionals` included); a nesting bomb is refused here. */
export const MAX_JSON_DEPTH = 32;

/**
 * Refuses (422, naming each field) any string in a parsed body, query or path params that holds
 * a control character, object keys included, before any schema or service sees it; and a value
 * nested deeper than MAX_JSON_DEPTH (JSON.parse reads thousands of levels, and every recursive
 * walk after it, this one, zod's, then overflowed the stack: a 500).
 */
export function refuseControlCharacters(value: unknown, root = "body"): void {
  const errors: Record<string, string[]> = {};
  // Iterative, so no input can exhaust the stack.
  const pending: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
  while (pending.length) {
    const { value: item, path } = pending.pop()!;
    const at = path.length ? path.join(".") : root;
    if (typeof item === "string") {
      if (CONTROL.test(item)) errors[at] = ["Must not contain control characters (such as NUL)."];
    } else if (item && typeof item === "object") {
      if (path.length >= MAX_JSON_DEPTH) throw new AppError("INVALID", INVALID_DATA_MESSAGE, { [root]: [`Nested deeper than ${MAX_JSON_DEPTH} levels.`] });
      const entries = Array.isArray(item) ? item.map((v, i) => [String(i), v] as const) : Object.entries(item);
      for (const [key, child] of entries) {
        if (CONTROL.test(key)) errors[[...path, key.replace(CONTROL_ALL, "?")].join(".")] = ["The field name must not contain control characters."];
        else pending.push({ value: child, path: [...path, key] });
      }
    }
  }
  if (Object.keys(errors).length) throw new AppError("INVALID", INVALID_DATA_MESSAGE, errors);
}
