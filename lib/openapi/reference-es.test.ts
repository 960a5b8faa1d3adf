import { describe, expect, it } from "vitest";
import { openApiDocument } from "./document";
import { DESCRIPTIONS_ES } from "./descriptions-es";
import { RESPONSES_ES } from "./responses-es";
import { localizedReference, SUMMARIES_ES, TAG_DESCRIPTIONS_ES, TAGS_ES } from "./reference-es";

const doc = openApiDocument();
type Op = { operationId: string; tags: string[]; summary: string; description?: string; responses: Record<string, { description: string }> };
const operations = () => Object.values(doc.paths).flatMap((item) => Object.values(item as Record<string, Op>));
/**
 * The code spans of a description: what the API itself says, the same in both languages. Only a
 * placeholder (`<role>` → `<rol>`) or a "...rest" note inside a span may be put in Spanish.
 */
const codeSpans = (text: string) => new Set((text.match(/`[^`]+`/g) ?? []).map((span) => span.replace(/<[^>]*>/g, "<>").replace(/\.\.\.[^},]*/g, "...")));

describe("the API reference in Spanish", () => {
  it("has a Spanish summary for every operation and a Spanish name for every section", () => {
    for (const op of operations()) {
      expect(SUMMARIES_ES[op.operationId], op.operationId).toBeTruthy();
      for (const tag of op.tags) expect(TAGS_ES[tag], tag).toBeTruthy();
    }
    // And none for an operation that no longer exists.
    const ids = new Set(operations().map((op) => op.operationId));
    expect(Object.keys(SUMMARIES_ES).filter((id) => !ids.has(id))).toEqual([]);
  });

  it("has a Spanish description for every operation that has an English one, and a Spanish description for every section", () => {
    const described = operations().filter((op) => op.description);
    expect(described.length).toBeGreaterThan(40);
    for (const op of described) expect(DESCRIPTIONS_ES[op.operationId], op.operationId).toBeTruthy();
    const ids = new Set(described.map((op) => op.operationId));
    expect(Object.keys(DESCRIPTIONS_ES).filter((id) => !ids.has(id))).toEqual([]);
    for (const tag of doc.tags) {
      expect(tag.description, tag.name).toBeTruthy();
      expect(TAG_DESCRIPTIONS_ES[tag.name], tag.name).toBeTruthy();
    }
    // Every section the operations use is declared once, in the order the operations bring them.
    expect(doc.tags.map((t) => t.name)).toEqual([...new Set(operations().flatMap((op) => op.tags))]);
  });

  it("has a Spanish description for every answer, and none for an answer no operation gives", () => {
    const english = new Set(operations().flatMap((op) => Object.values(op.responses).map((r) => r.description)));
    expect([...english].filter((text) => !RESPONSES_ES[text])).toEqual([]);
    expect(Object.keys(RESPONSES_ES).filter((text) => !english.has(text))).toEqual([]);
    const es = localizedReference(doc, "es", "Introducción");
    expect((es.paths["/v1/me"] as Record<string, Op>).get!.responses["500"]!.description).toBe("Error inesperado.");
  });

  it("keeps in Spanish what the API itself says: every code span of the English description", () => {
    const pairs = [
      ...operations().filter((op) => op.description).map((op) => [op.operationId, op.description!, DESCRIPTIONS_ES[op.operationId]!]),
      ...Object.entries(RESPONSES_ES).map(([english, spanish]) => ["response", english, spanish]),
    ];
    const missing = pairs.flatMap(([where, english, spanish]) => [...codeSpans(english!)].filter((span) => !codeSpans(spanish!).has(span)).map((span) => `${where}: ${span}`));
    expect(missing).toEqual([]);
  });

  it("carries no internal notes, in either language", () => {
    const text = JSON.stringify(doc);
    expect(text).not.toContain("(not in the reference)");
    expect(text).not.toContain("(internal)");
    expect(JSON.stringify(SUMMARIES_ES) + JSON.stringify(TAGS_ES)).not.toMatch(/interno|\(not in/i);
  });

  it("shows Spanish summaries, sections and introduction, and leaves the shared document as it was", () => {
    const before = JSON.stringify(doc);
    const es = localizedReference(doc, "es", "Introducción");
    expect(es.info.description).toBe("Introducción");
    const upload = (es.paths["/v1/containers/{uuid}/documents"] as Record<string, { summary: string; tags: string[] }>).post!;
    expect(upload).toMatchObject({ summary: "Subir un documento", tags: ["API de firma"], description: DESCRIPTIONS_ES.createDocument });
    expect(es.tags.find((t) => t.name === "API de firma")?.description).toBe(TAG_DESCRIPTIONS_ES["Signing API"]);
    expect(es.paths["/v1/me"]!.get).not.toEqual(doc.paths["/v1/me"]!.get);
    expect(JSON.stringify(doc)).toBe(before);
    expect(localizedReference(doc, "en", "Introducción")).toBe(doc);
  });
});
