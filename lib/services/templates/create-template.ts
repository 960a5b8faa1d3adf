import type { DbOrTx } from "@/lib/db/client";
import { storedFiles } from "@/lib/db/schema";
import { fileStorage } from "@/lib/adapters/storage/storage";
import { env } from "@/lib/env";
import { AppError, invalid } from "@/lib/errors";
import { hasPositions } from "@/lib/schemas/signing";
import type { CreateTemplateInput } from "@/lib/schemas/templates";
import type { Actor } from "@/lib/services/actor";
import { readUploadedPdf } from "@/lib/services/documents/read-uploaded-pdf";
import { serializePositions } from "@/lib/services/documents/signatory-positions";
import { insertTemplate } from "./insert-template";

/**
 * A template from an uploaded PDF. The PDF is read and stored exactly as a document's upload is
 * (same limits, an encrypted-but-open PDF kept as its plain copy), so documents made from the
 * template reference that one stored file and cost no bytes of their own.
 */
export async function createTemplate(db: DbOrTx, actor: Actor, input: CreateTemplateInput, file: { bytes: Uint8Array; name?: string }): Promise<string> {
  const limit = env().MAX_UPLOAD_MB * 1024 * 1024;
  if (file.bytes.byteLength > limit) throw new AppError("PAYLOAD_TOO_LARGE", `The file is larger than ${env().MAX_UPLOAD_MB} MB.`);
  const pdf = await readUploadedPdf(file.bytes, { maxPages: env().MAX_PDF_PAGES });
  const fileName = input.file_name ?? file.name?.trim() ?? "";
  if (!fileName) throw invalid("file_name", "Required: give file_name or upload the file with a name.");
  const positions = serializePositions(input.roles, pdf.pageCount, "roles");
  const stored = await fileStorage().put(pdf.bytes);
  return db.transaction(async (tx) => {
    await tx.insert(storedFiles).values({ sha256: stored.sha256, size: stored.size, contentType: "application/pdf" }).onConflictDoNothing();
    return insertTemplate(
      tx,
      actor,
      {
        name: input.name,
        fileName,
        originalHash: stored.sha256,
        pageCount: pdf.pageCount,
        roles: input.roles.map((r, i) => ({ key: r.key, label: r.label, rfc: r.rfc ?? null, positions: positions[i] ?? null })),
        signatureOrdered: input.signature_ordered,
        notificationMode: input.notification_mode,
        signPosition: input.sign_position ?? (hasPositions(input.roles) ? "CUSTOM" : "DEFAULT"),
        allowTypeSignatures: input.config.allow_type_signatures,
        tries: input.tries,
        rememberEvery: input.remember_every,
        rememberAt: input.remember_at,
        redirectUrl: input.redirect_url ?? null,
      },
      { originalHash: stored.sha256 },
    );
  });
}
