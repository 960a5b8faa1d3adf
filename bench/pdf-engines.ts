// `npm run bench:pdf-engines`: the PDF engines compared on ../shared/realworld/pdfs (README, "PDF
// engine"): each file's page sizes (displayed: crop box turned by /Rotate) against poppler's
// pdfinfo, the time to measure every page and to draw page 1 820 px wide, and each engine's peak
// memory, every engine in a process of its own. MuPDF (npm `mupdf`, the one the app uses) and
// poppler (pdfinfo, pdftoppm, when installed) always; PDFium when `@hyzyla/pdfium` is installed
// (`npm install --no-save @hyzyla/pdfium`: it is not a dependency). Prints numbers, asserts nothing.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { REALWORLD_PDFS } from "@/test/realworld";

type Result = { sizes: [number, number][] | null; error?: string; measureMs: number; drawMs: number };
type Run = { results: Record<string, Result>; peakRssMb: number };
const WIDTH = 820;
const files = fs.readdirSync(REALWORLD_PDFS).filter((f) => f.endsWith(".pdf")).sort();

async function runEngine(engine: string): Promise<Run> {
  const results: Record<string, Result> = {};
  const draw = await drawerFor(engine);
  for (const file of files) {
    const bytes = new Uint8Array(fs.readFileSync(path.join(REALWORLD_PDFS, file)));
    const started = performance.now();
    const failed = (err: unknown) => String((err as Error).message ?? err).split("\n")[0]!.slice(0, 80);
    let opened: Awaited<ReturnType<Drawer>>;
    try {
      opened = await draw(bytes);
    } catch (err) {
      results[file] = { sizes: null, error: failed(err), measureMs: performance.now() - started, drawMs: 0 };
      continue;
    }
    const measureMs = performance.now() - started;
    const drawStarted = performance.now();
    try {
      await opened.drawPage(WIDTH / opened.sizes[0]![0]);
      results[file] = { sizes: opened.sizes, measureMs, drawMs: performance.now() - drawStarted };
    } catch (err) {
      // Measured but not drawn (poppler's time-out on the bomb file): its time is not counted.
      results[file] = { sizes: opened.sizes, error: `not drawn: ${failed(err)}`, measureMs, drawMs: 0 };
    }
  }
  return { results, peakRssMb: process.resourceUsage().maxRSS / 1024 };
}

type Drawer = (bytes: Uint8Array) => Promise<{ sizes: [number, number][]; drawPage: (scale: number) => Promise<void> }>;

async function drawerFor(engine: string): Promise<Drawer> {
  if (engine === "mupdf") {
    const mupdf = await import("mupdf");
    return async (bytes) => {
      const doc = mupdf.Document.openDocument(bytes, "application/pdf");
      if (doc.needsPassword() && !doc.authenticatePassword("")) throw new Error("needs a password");
      const sizes: [number, number][] = [];
      for (let i = 0; i < doc.countPages(); i++) {
        const page = doc.loadPage(i);
        const [x0, y0, x1, y1] = page.getBounds();
        sizes.push([x1 - x0, y1 - y0]);
        page.destroy();
      }
      if (!sizes.length) throw new Error("no pages");
      return { sizes, drawPage: async (scale) => void doc.loadPage(0).toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true).asPNG() };
    };
  }
  if (engine === "pdfium") {
    const { PDFiumLibrary } = await import(/* turbopackIgnore: true */ "@hyzyla/pdfium" as string);
    const library = await PDFiumLibrary.init();
    return async (bytes) => {
      const doc = await library.loadDocument(bytes, "");
      const sizes: [number, number][] = [];
      for (const page of doc.pages()) {
        const { originalWidth, originalHeight } = page.getOriginalSize();
        sizes.push([originalWidth, originalHeight]);
      }
      return { sizes, drawPage: async (scale) => void (await doc.getPage(0).render({ scale, render: "bitmap" })) };
    };
  }
  // poppler as the app ran it before: pdfinfo's page lines, pdftoppm for the picture.
  return async (bytes) => {
    const info = execFileSync("pdfinfo", ["-f", "1", "-l", "100000", "-"], { input: bytes, encoding: "latin1", timeout: 60_000, maxBuffer: 64 * 1024 * 1024, stdio: ["pipe", "pipe", "ignore"] });
    const sizes: [number, number][] = [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts.*\n^Page\s+\d+ rot:\s+(\d+)/gm)].map((m) =>
      Number(m[3]) % 180 === 90 ? [Number(m[2]), Number(m[1])] : [Number(m[1]), Number(m[2])],
    );
    return {
      sizes,
      drawPage: async () => void execFileSync("pdftoppm", ["-png", "-cropbox", "-f", "1", "-l", "1", "-scale-to-x", String(WIDTH), "-scale-to-y", "-1", "-singlefile", "-"], { input: bytes, timeout: 30_000, maxBuffer: 1e9, stdio: ["pipe", "pipe", "ignore"] }),
    };
  };
}

const available = (engine: string) =>
  engine === "poppler" ? spawnSync("pdfinfo", ["-v"]).error === undefined : engine === "pdfium" ? fs.existsSync(path.resolve("node_modules/@hyzyla/pdfium")) : true;

async function main() {
  const child = process.argv.indexOf("--engine");
  if (child >= 0) {
    process.stdout.write(JSON.stringify(await runEngine(process.argv[child + 1]!)));
    return;
  }
  const runs: Record<string, Run> = {};
  for (const engine of ["poppler", "mupdf", "pdfium"].filter(available)) {
    const out = spawnSync(process.execPath, ["--import", "tsx", process.argv[1]!, "--engine", engine], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024, stdio: ["ignore", "pipe", "ignore"] });
    runs[engine] = JSON.parse(out.stdout) as Run;
  }
  const reference = runs.poppler?.results;
  const same = (a: Result["sizes"], b: Result["sizes"]) => !!a && !!b && a.length === b.length && a.every((s, i) => Math.abs(s[0] - b[i]![0]) < 1 && Math.abs(s[1] - b[i]![1]) < 1);
  console.log("engine | files read | first pages drawn | page sizes = pdfinfo's | measuring all | drawing page 1 of each | peak RSS");
  for (const [engine, run] of Object.entries(runs)) {
    const results = Object.values(run.results);
    const read = results.filter((r) => r.sizes).length;
    const drawn = results.filter((r) => r.sizes && !r.error).length;
    const agree = reference ? files.filter((f) => reference[f]!.sizes && same(reference[f]!.sizes, run.results[f]!.sizes)).length : NaN;
    const total = (key: "measureMs" | "drawMs") => (results.reduce((sum, r) => sum + r[key], 0) / 1000).toFixed(2);
    console.log(`${engine} | ${read}/${files.length} | ${drawn} | ${agree}/${reference ? Object.values(reference).filter((r) => r.sizes).length : "?"} | ${total("measureMs")} s | ${total("drawMs")} s | ${run.peakRssMb.toFixed(0)} MB`);
  }
  console.log("\nwhere they differ from pdfinfo (pages, or the error):");
  for (const file of files) {
    const cells = Object.entries(runs).map(([engine, run]) => {
      const r = run.results[file]!;
      return `${engine}: ${r.sizes ? `${r.sizes.length} p, page 1 ${r.sizes[0]!.map((n) => n.toFixed(1)).join(" x ")}` : ""}${r.error ? ` ${r.error}` : ""}`;
    });
    const differs = Object.values(runs).some((run) => run.results[file]!.error || !reference || !same(reference[file]!.sizes, run.results[file]!.sizes));
    if (differs) console.log(`${file}: ${cells.join(" | ")}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
