import { describe, expect, it } from "vitest";
import { openApiDocument } from "./document";
import { localizedReference, SUMMARIES_ES, TAGS_ES } from "./reference-es";

const doc = openApiDocument();
const operations = () => Object.values(doc.paths).flatMap((item) => Object.values(item as Record<string, { operationId: string; tags: string[]; summary: string }>));

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
    expect(upload).toMatchObject({ summary: "Subir un documento", tags: ["API de firma"] });
    expect(JSON.stringify(doc)).toBe(before);
    expect(localizedReference(doc, "en", "Introducción")).toBe(doc);
  });
});
