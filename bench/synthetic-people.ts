// Synthetic people for bench/identity.ts, in the sandbox voters' shape so the sandbox card
// renderers draw them: Spanish names with accents and Ñ, a CURP built by RENAPO's rules with its
// check digit, a clave de elector from the same names and birth, CIC, OCR, sección and the years
// of a card. Seeded, so a run can be repeated.
import type { SandboxVoter } from "@/lib/adapters/ine/sandbox-voters";
import { CURP_STATES, curpCheckDigit, curpNameLetters, type CurpState } from "@/lib/mx/curp";
import { NAME_PARTICLES } from "@/lib/mx/curp-card-agreement";

/** mulberry32: small, fast and the same sequence for the same seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;
export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
export const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const digits = (random: Random, n: number) => Array.from({ length: n }, () => between(random, 0, 9)).join("");

const WOMEN = ["MARÍA", "MARÍA JOSÉ", "MARÍA FERNANDA", "GUADALUPE", "SOFÍA", "XIMENA", "VALERIA", "ANA LUCÍA", "INÉS", "BEATRIZ", "MÓNICA", "VERÓNICA", "ROCÍO", "ARACELI", "NOEMÍ", "JAZMÍN", "ITZEL", "ESTEFANÍA", "LETICIA", "ÁNGELA", "MARTHA", "PATRICIA", "ZOÉ", "MARÍA DE JESÚS"];
const MEN = ["JOSÉ", "JOSÉ ÁNGEL", "JUAN PABLO", "JESÚS", "RAÚL", "RUBÉN", "ANDRÉS", "HÉCTOR", "JOAQUÍN", "MARTÍN", "SEBASTIÁN", "NICOLÁS", "ÓSCAR", "IVÁN", "EFRAÍN", "ADRIÁN", "GERMÁN", "TOMÁS", "LUIS ALBERTO", "CARLOS", "FRANCISCO", "MIGUEL ÁNGEL", "ÍÑIGO", "NÉSTOR"];
const SURNAMES = ["GARCÍA", "HERNÁNDEZ", "MARTÍNEZ", "LÓPEZ", "GONZÁLEZ", "PÉREZ", "RODRÍGUEZ", "SÁNCHEZ", "RAMÍREZ", "CRUZ", "FLORES", "GÓMEZ", "DÍAZ", "REYES", "MORALES", "JIMÉNEZ", "GUTIÉRREZ", "RUIZ", "ÁLVAREZ", "MUÑOZ", "NÚÑEZ", "PEÑA", "IBÁÑEZ", "CASTAÑEDA", "ZÚÑIGA", "MONTAÑO", "ORDÓÑEZ", "YÁÑEZ", "TREVIÑO", "SOTO", "VARGAS", "OCHOA", "QUIÑONES", "BELTRÁN", "VÁZQUEZ", "ACUÑA", "CERVANTES", "VALENZUELA", "XOCHIPA", "AGUILAR"];

// INE numbers its entidades 01–32 in alphabetical order of their old names; the clave de elector carries it.
const INE_ENTIDAD: Record<Exclude<CurpState, "NE">, string> = {
  AS: "01", BC: "02", BS: "03", CC: "04", CL: "05", CM: "06", CS: "07", CH: "08", DF: "09", DG: "10", GT: "11", GR: "12", HG: "13", JC: "14", MC: "15", MN: "16",
  MS: "17", NT: "18", NL: "19", OC: "20", PL: "21", QT: "22", QR: "23", SP: "24", SL: "25", SR: "26", TC: "27", TS: "28", TL: "29", VZ: "30", YN: "31", ZS: "32",
};

/** Letters as RENAPO and INE key them: Ñ as X, no accents. */
const keyLetters = (s: string) => s.replace(/Ñ/g, "X").normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^A-Z]/g, "");
const VOWELS = "AEIOU";
const innerVowel = (s: string) => [...keyLetters(s).slice(1)].find((c) => VOWELS.includes(c)) ?? "X";
const innerConsonant = (s: string) => [...keyLetters(s).slice(1)].find((c) => !VOWELS.includes(c)) ?? "X";
// RENAPO skips a first given name MARÍA or JOSÉ when there is a second one, and the particles
// (DE, DEL, LA…) before the name it keys: MARÍA DE JESÚS is keyed by JESÚS, J and S (Instructivo
// Normativo para la Asignación de la CURP, criterios de excepción; the list is lib/mx's). Before,
// it was keyed by "DE JESÚS", D and J: a CURP no real card prints.
const curpGivenName = (nombres: string) => {
  const [first = "", ...rest] = nombres.split(" ");
  const given = rest.length && ["MARIA", "JOSE", "MA", "J"].includes(keyLetters(first)) ? rest : [first];
  return given.find((w) => !NAME_PARTICLES.has(keyLetters(w))) ?? given[0]!;
};

export function buildCurp(p: { nombres: string; primer_apellido: string; segundo_apellido: string; fecha_nacimiento: string; sexo: "H" | "M" }, state: CurpState, random: Random): string {
  const given = curpGivenName(p.nombres);
  const initials = curpNameLetters(keyLetters(p.primer_apellido)[0]! + innerVowel(p.primer_apellido) + (keyLetters(p.segundo_apellido)[0] ?? "X") + keyLetters(given)[0]!);
  const [yyyy, mm, dd] = p.fecha_nacimiento.split("-") as [string, string, string];
  const differentiator = Number(yyyy) < 2000 ? String(between(random, 0, 9)) : pick(random, [..."ABCDEFGHIJ"]);
  const first17 = `${initials}${yyyy.slice(2)}${mm}${dd}${p.sexo}${state}${innerConsonant(p.primer_apellido)}${innerConsonant(p.segundo_apellido)}${innerConsonant(given)}${differentiator}`;
  return first17 + curpCheckDigit(first17);
}

/** First letter and first consonant after it of each surname and the first given name, birth YYMMDD, entidad, sex, homonymy. */
export function buildClaveElector(p: { nombres: string; primer_apellido: string; segundo_apellido: string; fecha_nacimiento: string; sexo: "H" | "M" }, state: Exclude<CurpState, "NE">, random: Random): string {
  const pair = (s: string) => keyLetters(s)[0]! + innerConsonant(s);
  const birth = p.fecha_nacimiento.replace(/-/g, "").slice(2);
  return `${pair(p.primer_apellido)}${pair(p.segundo_apellido)}${pair(p.nombres.split(" ")[0]!)}${birth}${INE_ENTIDAD[state]}${p.sexo}${digits(random, 3)}`;
}

/**
 * The model a card issued that year can be: INE issued the 2014 front (models E/F) until 2019
 * and the 2019 one (G/H) since, so the drawn model keeps its letter's pair (E or G, F or H) and
 * takes the layout of its year; the sandbox renderer draws each in its own layout.
 */
const modelOf = (drawn: string, anioEmision: number) => (anioEmision >= 2019 ? ({ E: "G", F: "H" } as Record<string, string>) : ({ G: "E", H: "F" } as Record<string, string>))[drawn] ?? drawn;

export function syntheticPerson(random: Random): SandboxVoter {
  const sexo = random() < 0.5 ? "H" : "M";
  const nombres = pick(random, sexo === "H" ? MEN : WOMEN);
  const primer_apellido = pick(random, SURNAMES);
  let segundo_apellido = pick(random, SURNAMES);
  while (segundo_apellido === primer_apellido) segundo_apellido = pick(random, SURNAMES);
  const birthYear = between(random, 1950, 2006);
  const birth = new Date(Date.UTC(birthYear, 0, 1 + between(random, 0, 364)));
  const fecha_nacimiento = birth.toISOString().slice(0, 10);
  const state = pick(random, Object.keys(INE_ENTIDAD) as (keyof typeof INE_ENTIDAD)[]);
  const names = { nombres, primer_apellido, segundo_apellido, fecha_nacimiento, sexo } as const;
  const anioEmision = between(random, Math.max(birthYear + 18, 2014), 2025);
  const seccion = String(between(random, 1, 4999)).padStart(4, "0");
  const identificador = digits(random, 9);
  return {
    ...names,
    nombre: `${nombres} ${primer_apellido} ${segundo_apellido}`,
    curp: buildCurp(names, state, random),
    cic: digits(random, 9),
    identificador_ciudadano: identificador,
    ocr: seccion + identificador,
    clave_elector: buildClaveElector(names, state, random),
    numero_emision: String(between(random, 0, 4)).padStart(2, "0"),
    estado: "VIGENTE",
    modelo: modelOf(pick(random, ["E", "F", "G", "H"]), anioEmision),
    vigencia: String(anioEmision + 10),
    anio_registro: String(between(random, birthYear + 18, anioEmision)),
    anio_emision: String(anioEmision),
    seccion,
    entidad: CURP_STATES[state].toUpperCase(),
  };
}
