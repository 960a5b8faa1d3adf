import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { identitySessions } from "@/lib/db/schema";
import { sandboxIdentityFiles } from "@/lib/adapters/ine/sandbox-identity";
import { seedUserWithKey } from "@/test/factories/seed";
import { call } from "@/test/http";
import { POST as createV3 } from "@/app/identity/v3/identity/sessions/route";
import { POST as capture } from "./route";

async function openSession(): Promise<{ id: string; token: string }> {
  const { key } = await seedUserWithKey();
  const res = await call(createV3, "/identity/v3/identity/sessions", { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: "{}" });
  const json = await res.json();
  return { id: json.uuid, token: String(json.verification_url).split("/").pop()! };
}

const send = (token: string, kind: string, bytes: Buffer) =>
  call(capture, `/identity/verify/${token}/files/${kind}`, { method: "POST", headers: { "content-type": "image/jpeg" }, body: new Uint8Array(bytes), params: { token, kind } });

const refused = async (id: string) => (await getDb().select({ n: identitySessions.refusedCaptures }).from(identitySessions).where(eq(identitySessions.id, id)))[0]!.n;

/** A camera's test pattern: SMPTE-like colour bars, 1280×720. */
function colourBars(): Promise<Buffer> {
  const colours = ["#c0c0c0", "#c0c000", "#00c0c0", "#00c000", "#c000c0", "#c00000", "#0000c0", "#101010"];
  const bar = (background: string) => ({ create: { width: 160, height: 720, channels: 3 as const, background } });
  return sharp({ create: { width: 1280, height: 720, channels: 3, background: "#000" } })
    .composite(colours.map((c, i) => ({ input: bar(c), left: i * 160, top: 0 })))
    .jpeg()
    .toBuffer();
}

const white = () => sharp({ create: { width: 1280, height: 800, channels: 3, background: "#ffffff" } }).jpeg().toBuffer();

// What the page sends, checked on arrival: each wrong photo is refused at once (422) with what
// to retake, and counts towards the session's budget of unreadable captures.
describe("POST /identity/verify/{token}/files/{kind}, what the photo shows", () => {
  let sandbox: Record<string, Buffer>;
  beforeAll(async () => {
    sandbox = Object.fromEntries((await sandboxIdentityFiles(1)).map((f) => [f.name, f.bytes]));
  }, 60_000);

  it("refuses a camera test pattern and a blank white image as the front: no INE labels", async () => {
    const { id, token } = await openSession();
    for (const image of [await colourBars(), await white()]) {
      const res = await send(token, "ine_front", image);
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({
        message: "Esta foto no parece el frente de una INE: no encontramos sus textos (NOMBRE, CLAVE DE ELECTOR…). Toma de nuevo el frente, completo y enfocado.",
        errors: { ine_front: ["no INE labels found"] },
      });
    }
    expect(await refused(id)).toBe(2);
  }, 60_000);

  it("refuses the sandbox back sent as the front: its MRZ says it is the back", async () => {
    const { id, token } = await openSession();
    const res = await send(token, "ine_front", sandbox["ine-back.jpg"]!);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      message: "Enviaste el reverso como frente: esta foto tiene las líneas de abajo del reverso. Toma ahora el frente, el lado con tu foto y tu nombre.",
      errors: { ine_front: ["an MRZ (IDMEX…) is on it: this is the back"] },
    });
    expect(await refused(id)).toBe(1);
  }, 60_000);

  it("refuses the sandbox front sent as the back: no MRZ", async () => {
    const { id, token } = await openSession();
    const res = await send(token, "ine_back", sandbox["ine-front.jpg"]!);
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.message).toBe("No pudimos leer las tres líneas de abajo del reverso. Toma la foto de nuevo: de frente, con buena luz y sin reflejos.");
    expect(body.errors.ine_back[0]).toMatch(/^no MRZ read: /);
    expect(await refused(id)).toBe(1);
  }, 60_000);

  it("refuses a selfie with no face in it", async () => {
    const { id, token } = await openSession();
    const res = await send(token, "selfie", await colourBars());
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ message: "No encontramos tu rostro. Mira a la cámara con buena luz y sin lentes oscuros.", errors: { selfie: ["no face found"] } });
    expect(await refused(id)).toBe(1);
  }, 60_000);

  it("takes the sandbox front (also upside down), back and selfie, refusing nothing", async () => {
    const { id, token } = await openSession();
    const upsideDown = await sharp(sandbox["ine-front.jpg"]!).rotate(180).jpeg().toBuffer();
    for (const [kind, bytes] of [["ine_front", upsideDown], ["ine_front", sandbox["ine-front.jpg"]!], ["ine_back", sandbox["ine-back.jpg"]!], ["selfie", sandbox["selfie.jpg"]!]] as const) {
      const res = await send(token, kind, bytes);
      expect(res.status, `${kind}: ${await res.clone().text()}`).toBe(200);
    }
    expect(await refused(id)).toBe(0);
  }, 120_000);

  // A phone held upright photographs a card lying across it a quarter turned, either way; the
  // 2014 layout (person 3) and the 2019 one (person 1) both.
  it.each([90, 270])("takes a sandbox front photographed turned %i°, in both layouts", async (degrees) => {
    const { id, token } = await openSession();
    const fronts = [sandbox["ine-front.jpg"]!, ...(await sandboxIdentityFiles(3)).filter((f) => f.name === "ine-front.jpg").map((f) => f.bytes)];
    for (const front of fronts) {
      const res = await send(token, "ine_front", await sharp(front).rotate(degrees).jpeg().toBuffer());
      expect(res.status, await res.clone().text()).toBe(200);
    }
    expect(await refused(id)).toBe(0);
  }, 120_000);
});
