import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MarkdownText } from "./markdown-text";

const html = (text: string) => renderToStaticMarkup(createElement(MarkdownText, { text }));

describe("the reference's little Markdown", () => {
  it("draws emphasis, strong emphasis and code spans, and leaves asterisks inside code alone", () => {
    const out = html("**Dos formas.** *Síncrona* (fotos): `a*b*c` y *Asíncrona*.");
    expect(out).toContain("<strong>Dos formas.</strong>");
    expect(out).toContain("<em>Síncrona</em>");
    expect(out).toContain("<em>Asíncrona</em>");
    expect(out).toMatch(/<code[^>]*>a\*b\*c<\/code>/);
    expect(out).not.toMatch(/\*Síncrona\*/);
  });

  it("makes links only of our own paths and https addresses", () => {
    expect(html("[README](/docs) y [x](javascript:alert(1))")).toMatch(/<a href="\/docs"[^>]*>README<\/a> y \[x\]\(javascript:alert\(1\)\)/);
  });
});
