import { AppError, INVALID_DATA_MESSAGE } from "@/lib/errors";

// C0 controls but tab, LF and CR. PostgreSQL refuses NUL in text (a 500 before this check), and
// none of the others belongs in a name, an e-mail or an id: they only hide text in logs and PDFs.
 
const CONTROL = /[\x00-\x08\x0B\x0C\x0E-\x1F]/;
const CONTROL_ALL = new RegExp(CONTROL.source, "g");

/**
 * Refuses (422, naming each field) any string in a parsed body, query or path params that holds
 * a control character, object keys included, before any schema or service sees it.
 */
export function refuseControlCharacters(value: unknown, root = "body"): void {
  const errors: Record<string, string[]> = {};
  visit(value, [], errors, root);
  if (Object.keys(errors).length) throw new AppError("INVALID", INVALID_DATA_MESSAGE, errors);
}

function visit(value: unknown, path: string[], errors: Record<string, string[]>, root: string): void {
  if (typeof value === "string") {
    if (CONTROL.test(value)) errors[path.length ? path.join(".") : root] = ["Must not contain control characters (such as NUL)."];
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => visit(item, [...path, String(i)], errors, root));
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (CONTROL.test(key)) errors[[...path, key.replace(CONTROL_ALL, "?")].join(".")] = ["The field name must not contain control characters."];
      else visit(item, [...path, key], errors, root);
    }
  }
}
