import { notFound } from "next/navigation";
import { z } from "zod";
import { AppError } from "@/lib/errors";

/** A page's [id]: not a UUID is simply "not found", as an unknown or foreign id is. */
export function pageId(id: string): string {
  const parsed = z.uuid().safeParse(id);
  if (!parsed.success) notFound();
  return parsed.data;
}

/** The services' NOT_FOUND becomes the 404 page. */
export async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof AppError && err.code === "NOT_FOUND") notFound();
    throw err;
  }
}
