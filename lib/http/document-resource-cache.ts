import { env } from "@/lib/env";
import type { Actor } from "@/lib/services/actor";
import type { DocumentView } from "@/lib/services/documents/document-view";
import { documentResource } from "./signing-resources";

/**
 * Document resources already rendered as JSON text, per document, version and whether the reader
 * owns it (the only part of a resource that depends on who reads it). A listing asks PostgreSQL
 * for its page's ids and versions (`documentVersion`: the row versions of the document and
 * everything its resource shows) and renders only the documents that changed since this process
 * last rendered them: integrations poll the same pages, and reading every document's signers
 * as JSON, decoding them and encoding them again cost 3.6 ms of the server and 1.4 ms of
 * PostgreSQL per page of 20 (bench:http). Correct with several instances: each keeps its own,
 * and every request compares versions read from the database in that request.
 */
const budgetChars = () => env().DOCUMENT_RESOURCE_CACHE_MB * 512 * 1024; // UTF-16: two bytes a character

type Entry = { version: string; json: string };
type Store = { entries: Map<string, Entry>; chars: number };
// One per process: route bundles may each load their own copy of this module.
const KEY = Symbol.for("rubrica.document-resources");
const holder = globalThis as unknown as { [KEY]?: Store };
const store = () => (holder[KEY] ??= { entries: new Map(), chars: 0 });

/**
 * The JSON text of each listed document's resource, in the page's order, rendering (through
 * `load`, one query for all of them) only those not kept at their current version. A document
 * `load` no longer finds (moved or deleted since the page was read) is left out.
 */
export async function documentResourcesJson(
  items: { id: string; ownerUserId: string; version: string }[],
  actor: Actor,
  load: (ids: string[]) => Promise<{ view: DocumentView; version: string }[]>,
): Promise<string[]> {
  const { entries } = store();
  const keyOf = (item: { id: string; ownerUserId: string }) => `${item.id}:${item.ownerUserId === actor.userId ? "owner" : "reader"}`;
  const found = new Map<string, string>();
  const missing: string[] = [];
  for (const item of items) {
    const key = keyOf(item);
    const entry = entries.get(key);
    if (entry?.version === item.version) {
      entries.delete(key); // most recently used last: the oldest go first when over budget
      entries.set(key, entry);
      found.set(item.id, entry.json);
    } else missing.push(item.id);
  }
  if (missing.length) {
    for (const { view, version } of await load(missing)) {
      const json = JSON.stringify(documentResource(view, actor));
      found.set(view.document.id, json);
      // Kept at the version read with the view (the same snapshot), which may be newer than the page's.
      keep(keyOf({ id: view.document.id, ownerUserId: view.document.ownerUserId }), { version, json });
    }
  }
  return items.flatMap((item) => found.get(item.id) ?? []);
}

function keep(key: string, entry: Entry) {
  const s = store();
  const budget = budgetChars();
  if (entry.json.length > budget) return;
  const old = s.entries.get(key);
  if (old) {
    s.chars -= old.json.length;
    s.entries.delete(key);
  }
  s.entries.set(key, entry);
  s.chars += entry.json.length;
  for (const [oldest, { json }] of s.entries) {
    if (s.chars <= budget) break;
    s.entries.delete(oldest);
    s.chars -= json.length;
  }
}
