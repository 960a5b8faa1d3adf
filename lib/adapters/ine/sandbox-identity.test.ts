import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_PEOPLE } from "@/lib/adapters/renapo/sandbox-people";
import { checkCurp } from "@/lib/mx/curp";
import { parseIneMrz } from "@/lib/mx/ine-mrz";
import { sandboxMrz } from "./sandbox-cards";
import { sandboxIdentityFiles, type SandboxIdentityFile } from "./sandbox-identity";
import { SANDBOX_VOTERS } from "./sandbox-voters";

const now = new Date("2026-11-23T12:00:00Z");
const maria = SANDBOX_VOTERS[0]!;
let files: SandboxIdentityFile[];
const file = (name: string) => files.find((f) => f.name === name)!;

beforeAll(async () => {
  files = await sandboxIdentityFiles(1, now);
}, 30_000);

// The MRZ lines checked are the ones each back prints; the images are not OCR'd here (bench/identity.ts does that).
describe("sandbox identity files (person 1)", () => {
  it("makes the good three and every variant, each with the outcome it should produce", () => {
    expect(files.map((f) => f.name)).toEqual([
      "ine-front.jpg",
      "ine-back.jpg",
      "selfie.jpg",
      "selfie-other-face.jpg",
      "ine-back-broken-mrz.jpg",
      "ine-front-expired.jpg",
      "ine-back-expired.jpg",
      "ine-front-unknown-curp.jpg",
    ]);
    expect(file("ine-front.jpg").outcome).toContain("INE passes");
    expect(file("selfie-other-face.jpg").outcome).toContain("rostro_no_coincide");
    expect(file("ine-back-broken-mrz.jpg").outcome).toContain("mrz_invalido");
    expect(file("ine-front-expired.jpg").outcome).toContain("credencial_vencida");
    expect(file("ine-front-unknown-curp.jpg").outcome).toContain("curp_no_vigente_en_renapo");
  });

  it("prints a back whose MRZ is valid and tells the voter's data", () => {
    const read = parseIneMrz(file("ine-back.jpg").mrz!.join("\n"), now);
    expect(read).toMatchObject({ ok: true, mrz: { cic: maria.cic, birthDate: maria.fecha_nacimiento, expiry: `${maria.vigencia}-12-31`, primerApellido: "PEREZ", nombres: "MARIA GUADALUPE" } });
  });

  // Real verification answers for real INE backs (../shared/realworld/verificamex, read in place,
  // digits masked as 9 and letters as X): the sandbox backs must have their shape, sex as H/M.
  it("prints every sandbox back's line 2 in the shape real INE backs have", () => {
    const dir = path.resolve(process.cwd(), "../shared/realworld/verificamex");
    const answers = readdirSync(dir).map((name) => JSON.parse(readFileSync(path.join(dir, name), "utf8")) as { data: { dataOcr?: { sex: string; second_optional: string } } });
    const real = answers.flatMap((a) => (a.data.dataOcr ? [a.data.dataOcr] : []));
    expect(real.length).toBeGreaterThan(0);
    const mask = (s: string) => s.replace(/\d/g, "9").replace(/[A-Z]/g, "X");
    for (const voter of SANDBOX_VOTERS) {
      const line2 = sandboxMrz(voter)[1];
      expect(line2[7], voter.nombre).toBe(voter.sexo);
      for (const answer of real) {
        expect(mask(line2.slice(18, 29)), voter.nombre).toBe(answer.second_optional);
        expect(["H", "M"]).toContain(answer.sex);
      }
      expect(line2.slice(19, 21), voter.nombre).toBe(voter.numero_emision);
    }
  });

  it("breaks the MRZ by one character so a check digit fails", () => {
    const good = file("ine-back.jpg").mrz!.join("");
    const broken = file("ine-back-broken-mrz.jpg").mrz!;
    expect([...broken.join("")].filter((c, i) => c !== good[i])).toHaveLength(1);
    expect(parseIneMrz(broken.join("\n"), now)).toMatchObject({ ok: false, reason: expect.stringMatching(/check digit/) });
  });

  it("makes an expired card: vigencia and MRZ expiry in the past, the MRZ otherwise valid", () => {
    const front = file("ine-front-expired.jpg").card!;
    const read = parseIneMrz(file("ine-back-expired.jpg").mrz!.join("\n"), now);
    expect(Number(front.vigencia)).toBeLessThan(now.getUTCFullYear());
    expect(read.ok && read.mrz.expiry).toBe(`${front.vigencia}-12-31`);
    expect(read.ok && new Date(read.mrz.expiry) < now).toBe(true);
  });

  it("prints a CURP with a right check digit that the sandbox RENAPO does not know, same birth date and sex", () => {
    const curp = file("ine-front-unknown-curp.jpg").card!.curp;
    expect(curp).not.toBe(maria.curp);
    expect(checkCurp(curp)).toMatchObject({ valid: true, birthDate: maria.fecha_nacimiento, sex: maria.sexo });
    expect(SANDBOX_PEOPLE.map((p) => p.curp)).not.toContain(curp);
  });

  it("writes JPEGs: cards at 1012×638, selfies 720 px wide", async () => {
    for (const f of files) {
      const meta = await sharp(f.bytes).metadata();
      expect(meta.format, f.name).toBe("jpeg");
      if (f.name.startsWith("ine-")) expect([meta.width, meta.height], f.name).toEqual([1012, 638]);
      else expect(meta.width, f.name).toBe(720);
    }
  });

  it("refuses a person who is not one of the four", async () => {
    await expect(sandboxIdentityFiles(5)).rejects.toThrow(/4 sandbox people/);
    await expect(sandboxIdentityFiles(0)).rejects.toThrow(RangeError);
  });
});
