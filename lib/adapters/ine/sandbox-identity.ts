import { SANDBOX_PEOPLE } from "@/lib/adapters/renapo/sandbox-people";
import { curpCheckDigit } from "@/lib/mx/curp";
import { renderIneBack, renderIneFront, sandboxMrz } from "./sandbox-cards";
import { cardPhoto, SANDBOX_FACES, selfie } from "./sandbox-faces";
import { SANDBOX_VOTERS, type SandboxVoter } from "./sandbox-voters";

/**
 * The images of one sandbox person for trying an identity session by hand (`npm run cli --
 * sandbox:identity`): the INE front and back and a selfie that pass, and variants that each make
 * one check fail the way a real bad capture would. Person N (1-based) is SANDBOX_VOTERS[N-1]
 * with SANDBOX_FACES[N-1] (a woman's face for sexo M, a man's for H); the "other face" is
 * SANDBOX_FACES[4], nobody's card photo.
 */
export type SandboxIdentityFile = {
  name: string;
  bytes: Buffer;
  /** What a session given this file (the person's good files for the rest) should conclude. */
  outcome: string;
  /** On a back: the MRZ lines printed on it. */
  mrz?: [string, string, string];
  /** On a front: the card data printed on it. */
  card?: SandboxVoter;
};

export const OTHER_FACE = SANDBOX_FACES[4]!;

/** The CIC's last digit moved by one: the line still looks right, its check digit fails. */
export function brokenMrz(lines: [string, string, string]): [string, string, string] {
  const [line1, line2, line3] = lines;
  const digit = String((Number(line1[13]) + 1) % 10);
  return [line1.slice(0, 13) + digit + line1.slice(14), line2, line3];
}

/** The same card issued ten years before a vigencia that ended last year (MRZ expiry 31 December). */
export function expiredCard(voter: SandboxVoter, now = new Date()): SandboxVoter {
  const vigencia = now.getUTCFullYear() - 1;
  return { ...voter, vigencia: String(vigencia), anio_emision: String(vigencia - 10) };
}

/** The card with another homonym differentiator: a well-formed CURP, right check digit, that RENAPO does not hold. */
export function unknownCurpCard(voter: SandboxVoter): SandboxVoter {
  const alphabet = /\d/.test(voter.curp[16]!) ? "0123456789" : "ABCDEFGHIJKLMNPQRSTUVWXYZ";
  for (let step = 1; step < alphabet.length; step++) {
    const first17 = voter.curp.slice(0, 16) + alphabet[(alphabet.indexOf(voter.curp[16]!) + step) % alphabet.length];
    const curp = first17 + curpCheckDigit(first17);
    if (!SANDBOX_PEOPLE.some((p) => p.curp === curp)) return { ...voter, curp };
  }
  throw new Error(`No unknown CURP next to ${voter.curp}`);
}

/** Why INE would fail for this card as printed, with the sandbox voter roll's answer for the voter. */
function ineReasons(card: SandboxVoter, now: Date): string[] {
  const reasons: string[] = [];
  if (`${card.vigencia}-12-31` < now.toISOString().slice(0, 10)) reasons.push("credencial_vencida");
  if (card.estado !== "VIGENTE") reasons.push(`lista_nominal_${card.estado.toLowerCase()}`);
  return reasons;
}

const ine = (reasons: string[]) => (reasons.length ? `INE fails (${reasons.join(", ")})` : "INE passes");

export async function sandboxIdentityFiles(person: number, now = new Date()): Promise<SandboxIdentityFile[]> {
  const voter = SANDBOX_VOTERS[person - 1];
  const face = SANDBOX_FACES[person - 1];
  if (!voter || !face || !Number.isInteger(person)) throw new RangeError(`There are ${SANDBOX_VOTERS.length} sandbox people; person ${person} is not one of them.`);
  const photo = await cardPhoto(face);
  const own = ineReasons(voter, now);
  const mrz = sandboxMrz(voter);
  const broken = brokenMrz(mrz);
  const expired = expiredCard(voter, now);
  const expiredMrz = sandboxMrz(expired);
  const unknown = unknownCurpCard(voter);
  const base = `${voter.nombre}, vigencia ${voter.vigencia}, voter roll ${voter.estado}`;

  return [
    { name: "ine-front.jpg", bytes: await renderIneFront(voter, { photo }), card: voter, outcome: `${base}; with ine-back.jpg and selfie.jpg: ${ine(own)}; CURP passes` },
    { name: "ine-back.jpg", bytes: await renderIneBack(voter), mrz, outcome: "MRZ valid, every check digit right" },
    { name: "selfie.jpg", bytes: await selfie(face), outcome: "the card photo's face: face match passes" },
    { name: "selfie-other-face.jpg", bytes: await selfie(OTHER_FACE), outcome: `another person's face: ${ine([...own, "rostro_no_coincide"])}` },
    { name: "ine-back-broken-mrz.jpg", bytes: await renderIneBack(voter, { mrz: broken }), mrz: broken, outcome: `CIC ${mrz[0].slice(5, 14)} printed as ${broken[0].slice(5, 14)}, its check digit fails: ${ine(["mrz_invalido", ...own])}` },
    { name: "ine-front-expired.jpg", bytes: await renderIneFront(expired, { photo }), card: expired, outcome: `vigencia ${expired.vigencia}: ${ine(ineReasons(expired, now))} (use with ine-back-expired.jpg)` },
    { name: "ine-back-expired.jpg", bytes: await renderIneBack(expired), mrz: expiredMrz, outcome: `MRZ valid, expiry ${expired.vigencia}-12-31 in the past: ${ine(ineReasons(expired, now))}` },
    { name: "ine-front-unknown-curp.jpg", bytes: await renderIneFront(unknown, { photo }), card: unknown, outcome: `CURP ${unknown.curp}, right check digit, not in the sandbox RENAPO: CURP fails (curp_no_vigente_en_renapo)` },
  ];
}
