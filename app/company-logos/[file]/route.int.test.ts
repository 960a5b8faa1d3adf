import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { findCompanyBrand } from "@/lib/services/company-profiles/find-company-profile";
import { updateCompanyProfile } from "@/lib/services/company-profiles/update-company-profile";
import { seedUser } from "@/test/factories/seed";
import { call } from "@/test/http";
import { GET } from "./route";

const logo = (file: string) => call(GET, `/company-logos/${file}`, { params: { file } });

describe("company logos for e-mails", () => {
  it("serves a stored logo by its hash as an immutable PNG that runs nothing", async () => {
    const { actor } = await seedUser();
    const png = await sharp({ create: { width: 200, height: 80, channels: 4, background: "#0f766e" } }).png().toBuffer();
    await updateCompanyProfile(getDb(), actor, { legalName: "Logos, S.C.", brandColor: null, logo: new Uint8Array(png) });
    const { logoSha256 } = await findCompanyBrand(getDb(), actor.userId);
    const res = await logo(`${logoSha256}.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'");
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).format).toBe("png");
  });

  it.each([
    ["an unknown hash", `${"a".repeat(64)}.png`, 404],
    ["a name that is not a hash", "logo.png", 422],
    ["a path trick", "..%2F..%2Fetc%2Fpasswd", 422],
  ])("answers %s with a 4xx", async (_, file, status) => {
    expect((await logo(file)).status).toBe(status);
  });
});
