import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { companyProfiles, outboxMessages } from "@/lib/db/schema";
import { readableOn, contrastRatio } from "@/lib/schemas/brand-color";
import { findSessionRequester } from "@/lib/services/identity-sessions/find-session-requester";
import { startVerification, startVerificationInput } from "@/lib/services/identity-sessions/start-verification";
import { notifySignatories } from "@/lib/services/notices/notify-signatories";
import { notifyCompletion } from "@/lib/services/signing/notify-completion";
import { notifyRejection } from "@/lib/services/signing/notify-rejection";
import { viewSigningLink } from "@/lib/services/signing/view-signing-link";
import { seedDocumentToSign } from "@/test/factories/signing";
import { seedUser, seedUserWithKey } from "@/test/factories/seed";
import { hugePng } from "@/test/hostile-bodies";
import { LOGO_BOX } from "./company-logo";
import { findCompanyBrand, findCompanyProfile, findLogoByHash, findSigningLinkBrand } from "./find-company-profile";
import { updateCompanyProfile } from "./update-company-profile";

// A real photo nobody here made (../shared/realworld/ine): a JPEG from a phone, 1 MP or so.
const realJpeg = new Uint8Array(fs.readFileSync(path.resolve(process.cwd(), "../shared/realworld/ine/Breaker2810+financiera__ine.jpg")));
const smallPng = async (width = 300, height = 120) => new Uint8Array(await sharp({ create: { width, height, channels: 4, background: "#1d4ed8" } }).png().toBuffer());
const logoOf = (dataUri: string) => Buffer.from(dataUri.replace(/^data:image\/png;base64,/, ""), "base64");

describe("company profile", () => {
  it("stores a legal name, a colour and a logo redrawn as a bounded PNG, and the brand reads them", async () => {
    const { actor } = await seedUser({ name: "Begoña Ibáñez" });
    await updateCompanyProfile(getDb(), actor, { legalName: "  Inmobiliaria del Centro, S.A. de C.V. ".trim(), brandColor: "#1d4ed8", logo: realJpeg });
    const brand = await findCompanyBrand(getDb(), actor.userId);
    expect(brand).toMatchObject({ name: "Inmobiliaria del Centro, S.A. de C.V.", isCompany: true, color: "#1d4ed8", textColor: "#ffffff" });
    // What is kept is a PNG sharp drew, within the box, not the JPEG that came in.
    const stored = logoOf(brand.logo!);
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe("png");
    expect(meta.width).toBeLessThanOrEqual(LOGO_BOX.width);
    expect(meta.height).toBeLessThanOrEqual(LOGO_BOX.height);
    expect(meta.exif).toBeUndefined();
    expect(await findLogoByHash(getDb(), brand.logoSha256!)).toEqual(stored);
    expect(await findLogoByHash(getDb(), "0".repeat(64))).toBeNull();
  });

  it("keeps the logo when none is sent, removes it with null, and falls back to the account's name", async () => {
    const { actor } = await seedUser({ name: "Sofía Peña" });
    await updateCompanyProfile(getDb(), actor, { legalName: "Peña y Asociados", brandColor: null, logo: await smallPng() });
    await updateCompanyProfile(getDb(), actor, { legalName: "Peña y Asociados", brandColor: "#fde047" });
    expect((await findCompanyProfile(getDb(), actor.userId)).logo).toMatch(/^data:image\/png;base64,/);
    // Yellow takes black text: white on it would be 1.3:1.
    expect((await findCompanyBrand(getDb(), actor.userId)).textColor).toBe("#000000");
    await updateCompanyProfile(getDb(), actor, { legalName: "", brandColor: null, logo: null });
    expect(await findCompanyBrand(getDb(), actor.userId)).toMatchObject({ name: "Sofía Peña", isCompany: false, logo: null, logoSha256: null, color: null });
  });

  it.each([
    ["a decompression bomb (16000×16000 declared)", () => hugePng(), /16000×16000 px/],
    ["an image past the pixel budget within the side limit (5000×5000)", () => hugePng(5000, 5000), /5000×5000 px/],
    ["a file past 512 KB", () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(600 * 1024)]), /at most 512 KB/],
    ["an SVG", () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), /PNG or JPEG/],
    ["text", () => Buffer.from("hola, no soy una imagen"), /PNG or JPEG/],
    ["a PNG signature over garbage", () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("IHDR garbage")]), /could not be read/],
  ])("refuses %s with a 422 on `logo`, storing nothing", async (_, bytes, message) => {
    const { actor } = await seedUser();
    const started = Date.now();
    const refusal = updateCompanyProfile(getDb(), actor, { legalName: "X", brandColor: null, logo: new Uint8Array(bytes()) });
    await expect(refusal).rejects.toMatchObject({ code: "INVALID", errors: { logo: [expect.stringMatching(message)] } });
    // Refused from the header: no decoding of 256 MP.
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await getDb().select().from(companyProfiles).where(eq(companyProfiles.userId, actor.userId))).toEqual([]);
  });

  it("text on any brand colour reaches AA", () => {
    for (const color of ["#000000", "#ffffff", "#777777", "#808080", "#1d4ed8", "#fde047", "#ff0000", "#00ff00", "#9f1239", "#767676"]) {
      expect(contrastRatio(color, readableOn(color))).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("one account's profile never shows on another account's documents, sessions or e-mails", async () => {
    const company = await seedUserWithKey({ name: "Ana Titular" });
    const other = await seedUserWithKey({ name: "Beto Otro" });
    await updateCompanyProfile(getDb(), company.actor, { legalName: "Notaría 99 de Monterrey", brandColor: "#9f1239", logo: await smallPng() });

    const mine = await seedDocumentToSign({ signatures: [{ name: "Carla Firma", email: "carla.brand@example.com" }] }, company);
    const theirs = await seedDocumentToSign({ signatures: [{ name: "Dora Firma", email: "dora.brand@example.com" }] }, other);

    // The signing page's header and its "from".
    expect((await findSigningLinkBrand(getDb(), mine.people[0]!.id))?.name).toBe("Notaría 99 de Monterrey");
    expect(await findSigningLinkBrand(getDb(), theirs.people[0]!.id)).toMatchObject({ name: "Beto Otro", isCompany: false, logo: null, color: null });
    expect((await viewSigningLink(getDb(), mine.people[0]!.id, { ip: null })).document.owner).toBe("Notaría 99 de Monterrey");
    expect((await viewSigningLink(getDb(), theirs.people[0]!.id, { ip: null })).document.owner).toBe("Beto Otro");

    // The signing e-mails: the company's name and logo in the header for its signer only.
    await notifySignatories(getDb(), mine.id);
    await notifySignatories(getDb(), theirs.id);
    const mail = async (to: string) => (await getDb().select().from(outboxMessages).where(and(eq(outboxMessages.recipient, to), eq(outboxMessages.template, "signing-request"))))[0]!;
    const brand = await findCompanyBrand(getDb(), company.actor.userId);
    const carla = await mail("carla.brand@example.com");
    expect(carla.subject).toContain("Notaría 99 de Monterrey");
    expect(carla.html).toContain(`/company-logos/${brand.logoSha256}.png`);
    expect(carla.html).toContain("background:#9f1239;color:#ffffff");
    const dora = await mail("dora.brand@example.com");
    expect(dora.subject).toContain("Beto Otro");
    expect(dora.html).not.toContain("Notaría");
    expect(dora.html).not.toContain("/company-logos/");

    // The verification page's requester and the verification e-mail.
    const mineSession = await startVerification(getDb(), company.actor, startVerificationInput.parse({ validations: ["INE"], email: "eva.brand@example.com" }));
    const theirSession = await startVerification(getDb(), other.actor, startVerificationInput.parse({ validations: ["INE"], email: "fer.brand@example.com" }));
    expect(await findSessionRequester(getDb(), mineSession.session)).toBe("Notaría 99 de Monterrey");
    expect(await findSessionRequester(getDb(), theirSession.session)).toBe("Beto Otro");
    const [eva] = await getDb().select().from(outboxMessages).where(eq(outboxMessages.recipient, "eva.brand@example.com"));
    const [fer] = await getDb().select().from(outboxMessages).where(eq(outboxMessages.recipient, "fer.brand@example.com"));
    expect(eva!.subject).toBe("Notaría 99 de Monterrey te pide verificar tu identidad");
    expect(eva!.html).toContain("/company-logos/");
    expect(fer!.subject).toBe("Beto Otro te pide verificar tu identidad");
    expect(fer!.html).not.toContain("/company-logos/");
  });

  it("completion and rejection notices carry the company to signers and spectators, not to the owner", async () => {
    const company = await seedUserWithKey({ name: "Gala Dueña" });
    await updateCompanyProfile(getDb(), company.actor, { legalName: "Despacho Gala, S.C.", brandColor: "#0f766e", logo: null });
    const n = Date.now();
    const doc = await seedDocumentToSign(
      { signatures: [{ name: "Hugo", email: `hugo.${n}@example.com` }, { name: "Inés", email: `ines.${n}@example.com` }], spectators: [{ name: "Juan", email: `juan.${n}@example.com` }] },
      company,
    );
    await notifyRejection(getDb(), doc.id, doc.people[0]!.id, "No estoy de acuerdo.");
    await notifyCompletion(getDb(), doc.id);
    const mails = async (to: string, template: string) => getDb().select().from(outboxMessages).where(and(eq(outboxMessages.recipient, to), eq(outboxMessages.template, template)));
    for (const template of ["document-rejected", "document-completed"]) {
      for (const to of [`ines.${n}@example.com`, `juan.${n}@example.com`]) {
        const [mail] = await mails(to, template);
        expect(mail!.html, `${template} to ${to}`).toContain("Despacho Gala, S.C.");
        expect(mail!.html).toContain("background:#0f766e;color:#ffffff");
      }
      const [owner] = await mails(company.user.email, template);
      expect(owner!.html, `${template} to the owner`).not.toContain("Despacho Gala");
    }
  });
});
