/*
 * Rúbrica embedded signing. On the integrator's page:
 *
 *   <script src="https://RUBRICA_HOST/embed.js" defer></script>
 *   <rubrica-signing signature-id="SIGNATURE_ID"></rubrica-signing>
 *
 * The element frames the signer's page (/signature/sign-document/{id}) and re-dispatches what
 * that page posts as DOM CustomEvents on itself (they bubble): rubrica:loaded, rubrica:signed,
 * rubrica:rejected, rubrica:error, with the message as `detail`
 * ({type, signature_id, link_status, status?}). The page frames and posts only where the
 * document's API key lists this page's origin (embed_origins); elsewhere the frame is refused.
 * Attributes: signature-id (required), height (CSS, default 800px), title, base-url (the
 * Rúbrica origin when this file is served from somewhere else).
 */
(function () {
  "use strict";
  if (window.customElements.get("rubrica-signing")) return;
  var EVENTS = ["rubrica:loaded", "rubrica:signed", "rubrica:rejected", "rubrica:error"];
  var ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  // Where this script came from is where the signing page is, unless base-url says otherwise.
  var scriptOrigin = document.currentScript ? new URL(document.currentScript.src, location.href).origin : location.origin;

  class RubricaSigning extends HTMLElement {
    static get observedAttributes() {
      return ["signature-id", "base-url", "height", "title"];
    }

    constructor() {
      super();
      this.attachShadow({ mode: "open" });
      this.frame = null;
      this.origin = null;
      this.onMessage = this.onMessage.bind(this);
    }

    connectedCallback() {
      window.addEventListener("message", this.onMessage);
      this.render();
    }

    disconnectedCallback() {
      window.removeEventListener("message", this.onMessage);
    }

    attributeChangedCallback() {
      if (this.isConnected) this.render();
    }

    // Only messages from this element's own frame, from Rúbrica's origin, and of the four kinds.
    onMessage(event) {
      if (!this.frame || event.source !== this.frame.contentWindow || event.origin !== this.origin) return;
      var data = event.data;
      if (!data || typeof data !== "object" || EVENTS.indexOf(data.type) < 0) return;
      this.dispatchEvent(new CustomEvent(data.type, { detail: data, bubbles: true, composed: true }));
    }

    render() {
      var id = this.getAttribute("signature-id") || "";
      var origin;
      try {
        origin = new URL(this.getAttribute("base-url") || scriptOrigin).origin;
      } catch {
        origin = null;
      }
      if (!ID.test(id) || !origin) {
        this.shadowRoot.replaceChildren();
        this.frame = null;
        this.dispatchEvent(new CustomEvent("rubrica:error", { detail: { type: "rubrica:error", reason: !origin ? "base-url" : "signature-id" }, bubbles: true, composed: true }));
        return;
      }
      var src = origin + "/signature/sign-document/" + id.toLowerCase();
      if (!this.frame || this.frame.src !== src) {
        var frame = document.createElement("iframe");
        frame.src = src;
        // The camera: a signer with the RUBRICA identity check takes an INE photo and a selfie.
        frame.allow = "camera";
        frame.style.cssText = "display:block;width:100%;border:0";
        this.shadowRoot.replaceChildren(frame);
        this.frame = frame;
      }
      this.origin = origin;
      this.frame.title = this.getAttribute("title") || "Firma del documento";
      this.frame.style.height = this.getAttribute("height") || "800px";
    }
  }

  window.customElements.define("rubrica-signing", RubricaSigning);
})();
