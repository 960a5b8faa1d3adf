import type es from "@/messages/es.json";

// Browser-safe: no catalog is imported here, only its shape. A client component gets the
// messages its page needs from the server (components/providers.tsx), so a page's JavaScript
// never carries both languages' catalogs (~30 KB gzipped) in its bundle.

export type Messages = typeof es;
export type Namespace = keyof Messages;
/** Some namespaces of one language's catalog, as a layout hands them to its client components. */
export type MessageSubset = Partial<Messages>;

type Leaves<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
export type MessageKey = Leaves<Messages>;

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** t("a.b", { name }) with "{name}" placeholders; a missing key shows itself, never crashes. */
export function translator(messages: MessageSubset): Translate {
  return (key, params) => {
    const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
    const text = typeof value === "string" ? value : key;
    return params ? text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`)) : text;
  };
}
