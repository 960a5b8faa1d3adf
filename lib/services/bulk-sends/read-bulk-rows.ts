import { parse } from "csv-parse/sync";
import { z } from "zod";
import { AppError, INVALID_DATA_MESSAGE } from "@/lib/errors";
import { hasControlCharacter } from "@/lib/schemas/common";
import { fileName as fileNameSchema } from "@/lib/schemas/signing";
import { MAX_BULK_ROWS, personInput, type PersonInput } from "@/lib/schemas/templates";
import { draftFromTemplate, type DraftTemplate } from "@/lib/services/templates/template-draft";

export type BulkFormat = "csv" | "jsonl";

/** A row checked against the template: what to make, or why it cannot be made. */
export type CheckedRow = { row: number; input: { roles: Record<string, PersonInput>; file_name?: string } } | { row: number; errors: Record<string, string[]> };

/** CSV column suffixes (Spanish first) → the person field they fill. */
const FIELDS: Record<string, keyof PersonInput> = { nombre: "name", name: "name", email: "email", correo: "email", telefono: "phone", "teléfono": "phone", phone: "phone", rfc: "rfc", curp: "curp" };
const FILE_NAME_COLUMNS = new Set(["archivo", "file_name"]);

/**
 * Reads a bulk send's rows and checks every one against the template before anything is made:
 * a row with a bad e-mail, a missing role or another RFC than a fixed one comes back with its
 * errors (it will be reported and skipped), the others with the input that makes their document.
 * A malformed file as a whole (unknown or missing columns, too many rows) is a 4xx for the send.
 */
export async function readBulkRows(text: string, format: BulkFormat, template: DraftTemplate): Promise<CheckedRow[]> {
  const raw = format === "csv" ? csvRows(text, template.roles.map((r) => r.key)) : jsonlRows(text);
  if (raw.length === 0) throw new AppError("INVALID", INVALID_DATA_MESSAGE, { body: ["No rows: give one row per document after the header."] });
  if (raw.length > MAX_BULK_ROWS) throw new AppError("PAYLOAD_TOO_LARGE", `At most ${MAX_BULK_ROWS} rows per bulk send; this one has ${raw.length}.`);
  const checked: CheckedRow[] = [];
  for (const [i, given] of raw.entries()) {
    checked.push(checkRow(i + 1, given, template));
    // Checking 10,000 rows took the event loop for over a second (bench:bulk's reads stalled
    // that long): a turn for the process's other requests every CHECK_SLICE rows.
    if ((i + 1) % CHECK_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  return checked;
}

const CHECK_SLICE = 200;

const rowShape = z.object({ roles: z.record(z.string(), personInput), file_name: fileNameSchema.optional() });

/** A row that could not even be read (a CSV line with another number of cells, a JSON line that is not JSON). */
type Unreadable = { unreadable: string };

function checkRow(row: number, given: unknown, template: Parameters<typeof draftFromTemplate>[0]): CheckedRow {
  if (given && typeof given === "object" && "unreadable" in given) return { row, errors: { row: [(given as Unreadable).unreadable] } };
  const parsed = rowShape.safeParse(given);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[issue.path.map(String).join(".") || "row"] ??= []).push(issue.message);
    return { row, errors };
  }
  const outcome = draftFromTemplate(template, parsed.data.roles);
  return outcome.ok ? { row, input: parsed.data } : { row, errors: outcome.errors };
}

function csvRows(text: string, roleKeys: string[]): unknown[] {
  let table: string[][];
  try {
    table = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true, to: MAX_BULK_ROWS + 2 });
  } catch (err) {
    throw new AppError("INVALID", INVALID_DATA_MESSAGE, { body: [`Not valid CSV: ${(err as Error).message}`] });
  }
  const [header, ...rows] = table;
  if (!header) return [];
  const controls = new ControlCharacters();
  header.forEach((name, i) => controls.check(`header.${i + 1}`, `Column ${i + 1} of the header`, name));
  rows.forEach((cells, r) => cells.forEach((cell, i) => controls.check(`rows.${r + 1}.${header[i] ?? i + 1}`, `Row ${r + 1}, column ${header[i] ?? i + 1}`, cell)));
  controls.refuse();
  const errors: string[] = [];
  const columns = header.map((name) => {
    const lower = name.toLowerCase();
    if (FILE_NAME_COLUMNS.has(lower)) return { fileName: true as const };
    const [role, field, ...rest] = lower.split(".");
    const target = field ? FIELDS[field] : undefined;
    if (!role || !target || rest.length || !roleKeys.includes(role)) {
      errors.push(`Unknown column «${name}»: use <role>.nombre, <role>.email, <role>.telefono, <role>.rfc, <role>.curp (roles: ${roleKeys.join(", ")}) or archivo.`);
      return null;
    }
    return { role, field: target };
  });
  for (const role of roleKeys) {
    for (const field of ["name", "email"] as const) {
      if (!columns.some((c) => c && "role" in c && c.role === role && c.field === field)) errors.push(`Missing column ${role}.${field === "name" ? "nombre" : "email"}.`);
    }
  }
  if (errors.length) throw new AppError("INVALID", INVALID_DATA_MESSAGE, { header: errors });
  return rows.map((cells): unknown => {
    if (cells.length !== header.length) return { unreadable: `This line has ${cells.length} cells; the header has ${header.length}.` } satisfies Unreadable;
    const roles: Record<string, Record<string, string>> = {};
    let fileName: string | undefined;
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      if (cell === "") return;
      if ("fileName" in column) fileName = cell;
      else (roles[column.role] ??= {})[column.field] = cell;
    });
    return { roles, ...(fileName ? { file_name: fileName } : {}) };
  });
}

function jsonlRows(text: string): unknown[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim());
  if (lines.length > MAX_BULK_ROWS) return lines; // counted, refused by the caller, not parsed
  const controls = new ControlCharacters();
  const rows = lines.map((line, r) => {
    try {
      const value = JSON.parse(line) as unknown;
      controls.walk(r + 1, value);
      return value;
    } catch {
      return { unreadable: "Not valid JSON: each line is one object {\"roles\": {...}, \"file_name\": ...}." } satisfies Unreadable;
    }
  });
  controls.refuse();
  return rows;
}

/**
 * A NUL (or another C0 control but tab, LF, CR) anywhere refuses the whole file, naming each
 * place: PostgreSQL cannot store NUL (the send failed with a 500), and none belongs in a name or
 * an e-mail (README: control characters are refused). The first MAX_NAMED places are named.
 */
class ControlCharacters {
  private errors: Record<string, string[]> = {};
  private count = 0;

  check(key: string, place: string, value: string) {
    if (!hasControlCharacter(value) || ++this.count > MAX_NAMED) return;
    this.errors[key] = [`${place}: must not contain control characters (such as NUL or BEL).`];
  }

  /** Every string of a JSON line, its keys too (iterative: a line may nest deep). */
  walk(row: number, value: unknown) {
    const pending: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
    while (pending.length) {
      const { value: item, path } = pending.pop()!;
      const at = path.join(".");
      if (typeof item === "string") this.check(`rows.${row}.${at}`, `Row ${row}, ${at || "the line"}`, item);
      else if (item && typeof item === "object") {
        for (const [key, child] of Object.entries(item)) {
          if (hasControlCharacter(key)) this.check(`rows.${row}.${[...path, "?"].join(".")}`, `Row ${row}, a field name`, key);
          else pending.push({ value: child, path: [...path, key] });
        }
      }
    }
  }

  refuse() {
    if (this.count) throw new AppError("INVALID", INVALID_DATA_MESSAGE, this.errors);
  }
}

const MAX_NAMED = 20;
