import fs from "node:fs";
import path from "node:path";

/** ../shared/realworld/pdfs: real PDFs of other projects, read in place, never copied here. */
export const REALWORLD_PDFS = path.resolve(process.cwd(), "../shared/realworld/pdfs");

export const realworldPdf = (name: string) => new Uint8Array(fs.readFileSync(path.join(REALWORLD_PDFS, name)));
