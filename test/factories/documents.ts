import { PDFDocument, StandardFonts } from "pdf-lib";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { folderMemberships } from "@/lib/db/schema";
import { createDocumentInput, type CreateDocumentInput } from "@/lib/schemas/signing";
import type { Actor } from "@/lib/services/actor";
import { createDocument } from "@/lib/services/documents/create-document";

/** A real PDF with `pages` pages of text (WinAnsi covers Spanish accents and Ñ). */
export async function makePdf(pages = 2, title = "Contrato de prestación de servicios — Año 2026"): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = pdf.addPage([612, 792]);
    page.drawText(title, { x: 50, y: 740, size: 16, font });
    page.drawText(`Página ${i} de ${pages}. Firma: Begoña Núñez Peña.`, { x: 50, y: 700, size: 12, font });
  }
  return pdf.save();
}

export async function defaultFolderId(actor: Actor): Promise<string> {
  const [row] = await getDb().select({ id: folderMemberships.folderId }).from(folderMemberships).where(eq(folderMemberships.userId, actor.userId));
  return row!.id;
}

/** A document through the real service: parsed like the API parses it. */
export async function seedDocument(actor: Actor, overrides: Partial<Record<keyof CreateDocumentInput, unknown>> & { folderId?: string; pages?: number } = {}) {
  const { folderId, pages, ...fields } = overrides;
  const input = createDocumentInput.parse({
    file_name: "Contrato Ñandú.pdf",
    signatures: [
      { name: "Begoña Núñez", email: "begona@example.com" },
      { name: "José Ángel Peña", email: "jose@example.com", phone: "5512345678" },
    ],
    spectators: [{ name: "Íñigo Sáenz", email: "inigo@example.com" }],
    ...fields,
  });
  const id = await createDocument(getDb(), actor, folderId ?? (await defaultFolderId(actor)), input, { bytes: await makePdf(pages ?? 2) });
  return id;
}
