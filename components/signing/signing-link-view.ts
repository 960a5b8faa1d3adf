import type { z } from "zod";
import type { signingLinkView } from "@/lib/schemas/signing-link";

/** What GET /v1/signatures/{id} answers under `data`: the page's whole state. */
export type SigningLinkData = z.output<typeof signingLinkView>["data"];
export type LinkStatus = SigningLinkData["link_status"];
export type SignatureBox = SigningLinkData["signer"]["boxes"][number];

/** Each page's displayed size in points, as the server measured them for its pictures. */
export type PageSizes = Array<{ width: number; height: number }>;

/** A picture of one page of the file the link shows (app/signature/sign-document/[signatureId]/pages). */
export const pageImageUrl = (signatureId: string, page: number, width: number) => `/signature/sign-document/${signatureId}/pages/${page}?w=${width}`;
