import type { z } from "zod";
import type { signingLinkView } from "@/lib/schemas/signing-link";

/** What GET /v1/signatures/{id} answers under `data`: the page's whole state. */
export type SigningLinkData = z.output<typeof signingLinkView>["data"];
export type LinkStatus = SigningLinkData["link_status"];
