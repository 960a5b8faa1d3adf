import type { ReactNode } from "react";

/**
 * The little Markdown the reference's descriptions use (CommonMark's code spans, strong emphasis,
 * emphasis such as `*Synchronous*`, which showed its asterisks before, links, "- " lists and
 * blank-line paragraphs), drawn as React elements: no HTML string is ever injected, so nothing in
 * a description can become markup.
 */
function inline(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  const pattern = /`([^`]+)`|\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    const key = `${m.index}`;
    if (m[1] !== undefined) parts.push(<code key={key} className="rounded bg-zinc-100 px-1 font-mono text-[0.9em] [overflow-wrap:anywhere]">{m[1]}</code>);
    else if (m[2] !== undefined) parts.push(<strong key={key}>{m[2]}</strong>);
    else if (m[3] !== undefined) parts.push(<em key={key}>{m[3]}</em>);
    // Only our own paths and https links become links.
    else if (/^(\/|https:\/\/)/.test(m[5]!)) parts.push(<a key={key} href={m[5]} className="text-brand-700 underline">{m[4]}</a>);
    else parts.push(m[0]);
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

export function MarkdownText({ text, className = "" }: { text: string | undefined; className?: string }) {
  if (!text) return null;
  const blocks = text.split(/\n\s*\n/);
  return (
    <div className={`flex flex-col gap-2 ${className}`}>
      {blocks.map((block, i) => {
        const lines = block.split("\n");
        if (lines.every((l) => /^\s*- /.test(l))) {
          return (
            <ul key={i} className="list-disc pl-5">
              {lines.map((l, j) => <li key={j}>{inline(l.replace(/^\s*- /, ""))}</li>)}
            </ul>
          );
        }
        return <p key={i}>{inline(lines.join(" "))}</p>;
      })}
    </div>
  );
}
