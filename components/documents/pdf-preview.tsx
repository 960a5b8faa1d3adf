"use client";

import dynamic from "next/dynamic";
import type { PdfPagesProps } from "./pdf-pages";

/** react-pdf in the browser only: pdf.js touches the DOM and its worker at import time. */
export const PdfPreview = dynamic<PdfPagesProps>(() => import("./pdf-pages"), {
  ssr: false,
  loading: () => <div className="aspect-[8.5/11] w-full max-w-xl animate-pulse rounded bg-zinc-100" />,
});
