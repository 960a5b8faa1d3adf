import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { fileStorage } from "@/lib/adapters/storage/storage";
import { getDb } from "@/lib/db/client";
import { documents } from "@/lib/db/schema";
import { PDF_PROBLEMS } from "@/lib/services/documents/read-uploaded-pdf";
import { defaultFolderId } from "@/test/factories/documents";
import { seedUserWithKey } from "@/test/factories/seed";
import { signAllSignatories } from "@/test/factories/signing";
import { call } from "@/test/http";
import { REALWORLD_PDFS, realworldPdf } from "@/test/realworld";
import { POST as upload } from "@/app/v1/containers/[uuid]/documents/route";
import { sealDocument } from "./seal-document";
import { signingEnvironment } from "./signing-environment";
import { nssTrustingRoot } from "@/test/nss-trust";

/**
 * Every PDF of ../shared/realworld/pdfs (manifest.json) goes through upload → every signer signs
 * → seal. Each one is either sealed intact (the stored original a prefix of the sealed file,
 * pdfsig reporting every earlier signature as it did before, our seal valid and our document
 * time-stamp (PAdES-B-LTA) last, over the whole file)
 * or refused at upload with one of the precise reasons. A table of outcomes is printed.
 */
type Manifest = { file: string; features: string[] }[];
const manifest = JSON.parse(fs.readFileSync(path.join(REALWORLD_PDFS, "manifest.json"), "utf8")) as Manifest;
// A file that takes longer than this is recorded as skipped rather than left to stall the run
// (none does today; bounded parsing in a worker thread is separate work).
const PER_FILE_MS = 45_000;

let dir: string;
let nssDir: string;

beforeAll(async () => {
  const { platform } = await signingEnvironment();
  ({ dir, nssDir } = nssTrustingRoot(platform.root.certificate.toString("pem"), "corpus-"));
}, 60_000);

type Signature = { validation: string; whole: boolean; signer: string };
/** pdfsig's report, one entry per signature in file order. */
function signaturesOf(bytes: Uint8Array, name: string): Signature[] {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  const out = spawnSync("pdfsig", ["-nssdir", `sql:${nssDir}`, file], { encoding: "utf8", timeout: 30_000 }).stdout ?? "";
  return out
    .split(/^Signature #\d+:$/m)
    .slice(1)
    .map((block) => ({
      validation: /Signature Validation: (.*)/.exec(block)?.[1] ?? "?",
      whole: block.includes("Total document signed"),
      signer: /Signer Certificate Common Name: (.*)/.exec(block)?.[1] ?? "",
    }));
}

const pageCount = (bytes: Uint8Array, name: string) => {
  const file = path.join(dir, `pages-${name}`);
  fs.writeFileSync(file, bytes);
  return Number(/Pages:\s+(\d+)/.exec(spawnSync("pdfinfo", [file], { encoding: "utf8" }).stdout ?? "")?.[1] ?? 0);
};

type Outcome = { file: string; outcome: "sealed" | "refused" | "skipped"; detail: string; ms: number };

async function throughTheService(name: string, owner: Awaited<ReturnType<typeof seedUserWithKey>>, folder: string): Promise<Outcome> {
  const form = new FormData();
  form.set("file", new File([realworldPdf(name) as BlobPart], name, { type: "application/pdf" }));
  form.set("document", JSON.stringify({ signatures: [{ name: "Begoña Núñez", email: "begona@example.com" }], notification_mode: "DISABLED" }));
  const res = await call(upload, `/v1/containers/${folder}/documents`, { method: "POST", headers: { "x-api-key": owner.key }, body: form, params: { uuid: folder } });
  const body = await res.json();
  if (res.status !== 201) return { file: name, outcome: "refused", detail: `${res.status} ${body.errors?.file?.[0] ?? body.message}`, ms: 0 };

  const id = body.data.id as string;
  const { hash } = await signAllSignatories(id);
  const original = new Uint8Array(await fileStorage().get(hash));
  const started = performance.now();
  expect(await sealDocument(getDb(), id)).toBe("sealed");
  const ms = performance.now() - started;
  const [doc] = await getDb().select().from(documents).where(eq(documents.id, id));
  const sealed = new Uint8Array(await fileStorage().get(doc!.sealedHash!));

  expect(Buffer.from(sealed.subarray(0, original.byteLength)).equals(Buffer.from(original)), `${name}: the original is a prefix`).toBe(true);
  const before = signaturesOf(original, `original-${name}`);
  const after = signaturesOf(sealed, `sealed-${name}`);
  // The seal and the document time-stamp (the DSS revision between them is no signature).
  expect(after, `${name}: the seal and a document time-stamp`).toHaveLength(before.length + 2);
  // Earlier signatures report what they reported before (valid stays valid; a pre-broken one
  // in the corpus stays as broken, not worse), and none covers the whole file any more.
  expect(after.slice(0, -2).map((s) => s.validation), `${name}: earlier signatures unchanged`).toEqual(before.map((s) => s.validation));
  const [ours, timestamp] = after.slice(-2);
  expect(ours, `${name}: our seal`).toEqual({ validation: "Signature is Valid.", whole: false, signer: "RÚBRICA SELLO DE DOCUMENTOS" });
  // poppler 22.12 does not verify /ETSI.RFC3161 ("Signature has not yet been verified.").
  expect(timestamp, `${name}: the document time-stamp`).toMatchObject({ whole: true, signer: "RUBRICA TSA" });
  const pages = [pageCount(original, name), pageCount(sealed, name)];
  const certified = manifest.find((m) => m.file === name)!.features.some((f) => f.startsWith("certified-docmdp"));
  // Certified files (DocMDP P=2/3) get the signature alone; the others a signature sheet.
  if (certified) expect(pages[1], `${name}: no page added under DocMDP`).toBe(pages[0]);
  else expect(pages[1]!, `${name}: signature sheet added`).toBeGreaterThan(pages[0]!);
  const earlier = before.length ? `, ${before.length} earlier signature(s): ${[...new Set(before.map((s) => s.validation))].join(" / ")}` : "";
  return { file: name, outcome: "sealed", detail: `pages ${pages[0]}→${pages[1]}${certified ? " (DocMDP: signature only)" : ""}${earlier}`, ms };
}

function withTimeout(name: string, work: Promise<Outcome>): Promise<Outcome> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve({ file: name, outcome: "skipped", detail: `took more than ${PER_FILE_MS / 1000} s`, ms: PER_FILE_MS }), PER_FILE_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

describe("the real-world PDF corpus", () => {
  it("seals every file intact or refuses it at upload with a precise reason", async () => {
    const owner = await seedUserWithKey({ name: "Sofía Peña Núñez" });
    const folder = await defaultFolderId(owner.actor);
    const queue = manifest.map((m) => m.file);
    const outcomes: Outcome[] = [];
    // Two at a time: the machine has two cores, and pdfsig runs beside us.
    await Promise.all(
      [0, 1].map(async () => {
        for (let name = queue.shift(); name; name = queue.shift()) outcomes.push(await withTimeout(name, throughTheService(name, owner, folder)));
      }),
    );
    outcomes.sort((a, b) => a.file.localeCompare(b.file));
    console.log(
      ["file | outcome | seal ms | detail", ...outcomes.map((o) => `${o.file} | ${o.outcome} | ${o.outcome === "sealed" ? o.ms.toFixed(0) : "-"} | ${o.detail}`)].join("\n"),
    );

    const refusedWith = (problem: keyof typeof PDF_PROBLEMS) => `422 ${PDF_PROBLEMS[problem]}`;
    for (const { file, features } of manifest) {
      const outcome = outcomes.find((o) => o.file === file)!;
      const has = (feature: string) => features.includes(feature);
      if (has("needs-password")) expect(outcome.detail, file).toBe(refusedWith("needs-password"));
      else if (has("certified-docmdp-p1")) expect(outcome.detail, file).toBe(refusedWith("certified-no-changes"));
      else if (has("signed") && features.some((f) => f.startsWith("encrypted-"))) expect(outcome.detail, file).toBe(refusedWith("encrypted-signed"));
      else if (has("hostile") || has("truncated")) expect(outcome.outcome === "sealed" || outcome.detail === refusedWith("unreadable"), `${file}: ${outcome.detail}`).toBe(true);
      else expect(outcome.outcome, `${file}: ${outcome.detail}`).toBe("sealed");
    }
  }, 600_000);
});
