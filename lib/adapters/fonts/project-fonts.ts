import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { resolvePackageFile } from "@/lib/adapters/node-packages";

let configured = false;

/**
 * Makes the text that sharp draws from SVG (librsvg -> Pango -> fontconfig) use only the fonts
 * that come with the project: DejaVu from the `dejavu-fonts-ttf` package, OCR-B (public domain)
 * and Liberation Sans from lib/adapters/fonts (each folder's README gives its origin and licence). Without this, a card drawn on a machine lacking
 * Debian's fonts-ocr-b had its MRZ in some other face that the MRZ reader misread, and on one
 * with no fonts at all its text was not drawn. A fontconfig file that lists only those folders
 * is written once to the temporary folder and named in FONTCONFIG_FILE, which fontconfig reads
 * when it first starts in this process (the first text drawn), so call this before drawing.
 */
export function selectProjectFonts(): void {
  if (configured) return;
  configured = true;
  const dirs = [path.join(path.dirname(resolvePackageFile("dejavu-fonts-ttf/package.json")), "ttf"), ...["ocr-b", "liberation"].map((d) => path.join(process.cwd(), "lib/adapters/fonts", d))];
  const key = crypto.createHash("sha256").update(dirs.join("\n")).digest("hex").slice(0, 16);
  const folder = path.join(os.tmpdir(), `rubrica-fonts-${key}`);
  const file = path.join(folder, "fonts.conf");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(folder, { recursive: true });
    const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
    const config = [
      '<?xml version="1.0"?>',
      '<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">',
      "<fontconfig>",
      ...dirs.map((d) => `  <dir>${xml(d)}</dir>`),
      `  <cachedir>${xml(path.join(folder, "cache"))}</cachedir>`,
      "</fontconfig>",
      "",
    ].join("\n");
    // Written beside and renamed: a second process never reads half a file.
    const partial = `${file}.${process.pid}`;
    fs.writeFileSync(partial, config);
    fs.renameSync(partial, file);
  }
  // Written, not read: lib/env.ts stays the only reader of settings. Native code (fontconfig)
  // sees this process's environment, which Node updates on assignment.
  // eslint-disable-next-line no-restricted-properties -- a value handed to native code, not a setting read
  process.env.FONTCONFIG_FILE = file;
}
