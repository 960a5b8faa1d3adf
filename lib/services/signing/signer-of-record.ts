import type { Signatory } from "@/lib/db/schema";
import { nameMatchesCertificate } from "@/lib/mx/signer-identity";

/**
 * Who signed, for the sheet, the XML record and /verify: the holder the certificate names, not
 * the name the owner typed (anyone holding the link could otherwise sign "as" that name with
 * another person's certificate). Before signing, or for a signature recorded before the name was
 * kept, the typed name.
 */
export function signerOfRecord(s: Pick<Signatory, "name" | "certificateName">): string {
  return s.certificateName ?? s.name;
}

/** For the owner: the certificate's name and whether it is the one they typed (null until signed). */
export function certificateNameCheck(s: Pick<Signatory, "name" | "certificateName">): { certificate_name: string | null; name_matches_certificate: boolean | null } {
  if (!s.certificateName) return { certificate_name: null, name_matches_certificate: null };
  return { certificate_name: s.certificateName, name_matches_certificate: nameMatchesCertificate(s.name, s.certificateName) };
}
