"use client";

import { useEffect, useRef } from "react";
import type { LinkStatus, SigningLinkData } from "./signing-link-view";

/** What the page knows of its embedding (lib/services/signing/signing-link-embedding.ts). */
export type SigningEmbedding = { frameAncestors: string[]; redirectUrl: string | null };

export type SigningEventType = "rubrica:loaded" | "rubrica:signed" | "rubrica:rejected" | "rubrica:error";
export type SigningEvent = { type: SigningEventType; signature_id: string; link_status: LinkStatus; status?: number };

/** Links nobody can sign any more: the integrator's page hears it as an error at once. */
const DEAD: LinkStatus[] = ["REMOVED", "DOCUMENT_CANCELLED", "DOCUMENT_REJECTED", "DOCUMENT_EXPIRED"];
const REDIRECT_DELAY_MS = 3000;

/**
 * The parent origins an event may go to: the allowed ones only, never "*". postMessage with a
 * target origin is delivered only if the parent's origin is that one (HTML, "Posting messages"),
 * so sending to each allowed origin reaches the parent only where it is allowed. Where the
 * browser tells the parent's origin (location.ancestorOrigins: Chromium, Safari) only that one is used.
 */
export function eventTargets(allowed: readonly string[], ancestor: string | undefined): string[] {
  // Chromium reports "null" where the parent asked for no referrer: then the parent is unknown.
  if (ancestor && ancestor !== "null") return allowed.includes(ancestor) ? [ancestor] : [];
  return [...allowed];
}

/** After signing or rejecting, where the unframed page goes: the integrator's URL, with the outcome. */
export function redirectTarget(redirectUrl: string, outcome: "signed" | "rejected"): string {
  const url = new URL(redirectUrl);
  url.searchParams.set("status", outcome);
  return url.toString();
}

/**
 * Embedded signing's side of the signing page. Framed by an allowed origin, it tells the parent
 * rubrica:loaded, then rubrica:signed or rubrica:rejected when this signer acts, and
 * rubrica:error for a link nobody can sign or a refused attempt (the HTTP status only: nothing
 * the signer typed). Not framed, after signing or rejecting it sends the signer to redirect_url.
 * Returns the error reporter for the forms.
 */
export function useSigningEvents(view: SigningLinkData, embedding: SigningEmbedding | undefined): (status: number | null) => void {
  const last = useRef<LinkStatus | null>(null);
  const post = (type: SigningEventType, extra: { status?: number } = {}) => {
    if (!embedding || window.parent === window) return;
    const message: SigningEvent = { type, signature_id: view.id, link_status: view.link_status, ...extra };
    for (const origin of eventTargets(embedding.frameAncestors, window.location.ancestorOrigins?.[0])) window.parent.postMessage(message, origin);
  };

  useEffect(() => {
    const before = last.current;
    last.current = view.link_status;
    if (before === null) {
      post("rubrica:loaded");
      if (DEAD.includes(view.link_status)) post("rubrica:error");
      return;
    }
    if (before === view.link_status || (view.link_status !== "SIGNED" && view.link_status !== "REJECTED")) return;
    const outcome = view.link_status === "SIGNED" ? "signed" : "rejected";
    if (window.parent !== window) return post(`rubrica:${outcome}`);
    if (!embedding?.redirectUrl) return;
    // A moment on the outcome first, so the signer (and a screen reader) hears what happened.
    const target = redirectTarget(embedding.redirectUrl, outcome);
    const timer = setTimeout(() => window.location.assign(target), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
    // post reads the view it was made with; the effect runs once per status change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view.link_status]);

  return (status) => post("rubrica:error", status === null ? {} : { status });
}
