import fs from "node:fs";
import { resolvePackageFile } from "@/lib/adapters/node-packages";
import path from "node:path";

export type DejaVuFonts = { regular: Uint8Array; bold: Uint8Array };

let fonts: DejaVuFonts | undefined;

/** DejaVu Sans from the dejavu-fonts-ttf package: it has Ñ and every accent, so names render in PDFs. */
export function dejaVuFonts(): DejaVuFonts {
  if (!fonts) {
    const dir = path.join(path.dirname(resolvePackageFile("dejavu-fonts-ttf/package.json")), "ttf");
    fonts = { regular: fs.readFileSync(path.join(dir, "DejaVuSans.ttf")), bold: fs.readFileSync(path.join(dir, "DejaVuSans-Bold.ttf")) };
  }
  return fonts;
}
