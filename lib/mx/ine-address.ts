import { asInePrints } from "./ine-spelling";
import { distance } from "./ine-front-labels";
import { MUNICIPIOS } from "./municipios";

/**
 * An address as the front prints it, mended where OCR of small type fails in ways the card's own
 * conventions undo (INE's specimens, ../shared/realworld/ine: «C PITAGORAS 1253 INT. 4», «COL.
 * MORELOS 04800», «VIADUCTO TLALPAN NO. 100», «C.P. 14610, CIUDAD DE MEXICO.»):
 * - the street's type comes first, and C (calle) is a word of its own («C PITAGORAS»): a C glued
 *   to the next word is set apart (a street printed without its type and starting with C would
 *   be cut too; the specimens and the INE's abbreviations always print the type);
 * - a number and a word are always apart: a recogniser that drops the space between them
 *   («INDEPENDENCIA824», «MORELOS04800», «1253INT») or reads it as a hyphen («INDEPENDENCIA-4049»)
 *   is given it back; a number's ordinal ending
 *   («2DA», «3ER»: two letters) stays on it;
 * - letters without accents, as INE prints them (lib/mx/ine-spelling): «PITÁGORAS» is PITAGORAS;
 * - a letter between digits is the digit it looks like («12S3», «2T93», «3I95»): no word of an
 *   address sits inside a number;
 * - the abbreviations INE writes with a period (COL., INT., and NO. before a number) get it back
 *   where the small period was lost, and a space after it («INT.4», «COLMORELOS»);
 * - a word of seven letters or more that is no word of Mexican place names, read one letter off
 *   one that is (two in twelve letters or more: «INDEPENOENCIA», «INDEPENDENCA», «NDEPENDENCA»),
 *   is that word, when no other is as near (addressWord);
 * - the entidad at the end, where one is written out, is one of the 32 (INE_ENTIDADES, with
 *   DISTRITO FEDERAL and ESTADO DE MEXICO), spelt as INE prints: a name read a letter or two off
 *   («COLINA», «TASIAULIPAS», «SANLUSPOTOS») is the one entidad it is nearest to, when no other is as near; D.F., the one
 *   INE abbreviates on the specimens, with its periods («DF», «D-F.») and its own line back;
 * - the municipio before the entidad's abbreviation is one of INEGI's (lib/mx/municipios), of the
 *   card's ESTADO when it printed one: a name read without its spaces or a few letters off
 *   («CUAJIMALPADEMORELOS», «CUANMALPA DE MORELOS») is the one municipio it is nearest to, and
 *   then the abbreviation a letter off its entidad's is that entidad's («OF.» for D.F.).
 */
export function tidyAddress(address: string, estado?: string | null): string {
  // COL. gets its period back where the read lost the address's periods; where it kept another
  // abbreviation's (PRIV., INT., D.F.), the recogniser sees this card's periods and a COL without
  // one is printed so (a sample card: «C PRIV. MONTE 109, COL ARBOLEDAS 38526»).
  const periodsRead = /(?:\b|^C)(?:INT|NO|PRIV|AV|C\.P|D\.F)\./.test(address);
  const lines = asInePrints(address)
    .split(/\s*,\s*/)
    .map((line) =>
      line
        .replace(/(?<=\d)[OSBIZTG](?=\d)/g, (c) => DIGIT_LOOKALIKES[c]!)
        .replace(/(?<=[A-ZÑ]{3})-(?=\d)/, " ")
        .replace(/(?<=[A-ZÑ]{2})(?=\d)/g, " ")
        .replace(/(?<=\d)(?=[A-ZÑ]{3})/g, " ")
        .replace(periodsRead ? /\bINT(?= )|\bNO(?= \d)/g : /\b(COL|INT)(?= )|\bNO(?= \d)/g, "$&.")
        .replace(/\b(COL|INT|NO|C\.P)\.(?=[A-Z0-9])/g, "$1. "),
    );
  // The street's type opens the address, C (calle) a word of its own: «CPITAGORAS», «CPRIV.» (calle
  // privada) lost the space.
  lines[0] = lines[0]!.replace(/^C(?=[A-ZÑ]{5}|PRIV\b)/, "C ");
  const last = lines.length - 1;
  // The colonia's line opens with COL.: «COLMORELOS» lost its period and space (not the last
  // line, where COLIMA is an entidad, nor COLONIA written out).
  for (let i = 1; i < last; i++) lines[i] = postcode(lines[i]!.replace(/^COL(?!ONIA)(?=[A-ZÑ]{4})/, "COL. "));
  // After the postcode: a colonia MORELOSO is MORELOS and the 0 of 04800.
  for (let i = 0; i < last; i++) lines[i] = lines[i]!.replace(/[A-ZÑ]{7,}/g, addressWord);
  if (last > 0) lines[last] = entidad(lines[last]!);
  // D.F. (an entidad INE abbreviates) with its periods lost or misread, or glued to the
  // municipio before it («MORELOS.D.F», «MORELOSDF», «D-F.»): no word of an address ends in DF.
  if (last > 0) lines[last] = lines[last]!.replace(/^(?:(.*?[A-ZÑ])[ .]?)?D[.-]?F\.?$/, (_, municipio?: string) => (municipio ? `${municipio}, D.F.` : "D.F."));
  return withMunicipio(lines.join(", "), estado);
}

// The entidades as INE numbers them on the front's ESTADO (INEGI's order, lib/mx/municipios' keys),
// written as the address's last part prints them (INE's fronts and specimens; the 2014 specimen
// ends «…, D.F.», the sample cetis19 «…, GUANAJUATO, GTO»).
const INE_ENTIDADES = ["AGUASCALIENTES", "BAJA CALIFORNIA", "BAJA CALIFORNIA SUR", "CAMPECHE", "COAHUILA", "COLIMA", "CHIAPAS", "CHIHUAHUA", "CIUDAD DE MEXICO", "DURANGO", "GUANAJUATO", "GUERRERO", "HIDALGO", "JALISCO", "MEXICO", "MICHOACAN", "MORELOS", "NAYARIT", "NUEVO LEON", "OAXACA", "PUEBLA", "QUERETARO", "QUINTANA ROO", "SAN LUIS POTOSI", "SINALOA", "SONORA", "TABASCO", "TAMAULIPAS", "TLAXCALA", "VERACRUZ", "YUCATAN", "ZACATECAS"];
const OTHER_NAMES: Record<string, string> = { "DISTRITO FEDERAL": "09", "ESTADO DE MEXICO": "15" };

/**
 * The ESTADO (INE's two digits) of the entidad an address ends with, written out or as its
 * abbreviation (ABBREVIATIONS), or null where its last part is neither. A 2014–2019 front's
 * ESTADO is its address's entidad (INE's specimen: «CUAJIMALPA DE MORELOS, D.F.», ESTADO 09).
 */
export function estadoOfAddress(address: string): string | null {
  const last = address.split(", ").at(-1)!.replace(/\.$/, "");
  const index = INE_ENTIDADES.indexOf(last);
  if (index >= 0) return String(index + 1).padStart(2, "0");
  if (OTHER_NAMES[last]) return OTHER_NAMES[last]!;
  return ESTADO_OF_ABBREVIATION.get(squeeze(last)) ?? null;
}

/**
 * The words an address is made of, as INE prints them: every word of seven letters or more in
 * INEGI's names of the municipios (lib/mx/municipios: streets and colonias are named after the same
 * people, dates and places, HIDALGO, INDEPENDENCIA, ZARAGOZA, REFORMA, LIBERTAD) and INEGI's types
 * of road and of settlement (Norma Técnica sobre Domicilios Geográficos, DOF 12/11/2010: AVENIDA,
 * PRIVADA, CERRADA, PROLONGACION, COLONIA, FRACCIONAMIENTO…). Shorter words are left out: one
 * letter turns too many of them into another (CEDROS, CERROS).
 */
let addressWords: { all: Set<string>; byLength: Map<number, string[]> } | undefined;
const ROAD_AND_SETTLEMENT_TYPES = "AMPLIACION ANDADOR AVENIDA BOULEVARD CALLEJON CALZADA CERRADA CIRCUITO CIRCUNVALACION CONTINUACION CORREDOR DIAGONAL PERIFERICO PRIVADA PROLONGACION RETORNO VIADUCTO CARRETERA TERRACERIA COLONIA FRACCIONAMIENTO UNIDAD HABITACIONAL CONDOMINIO RESIDENCIAL INDUSTRIAL CONJUNTO MANZANA EDIFICIO DEPARTAMENTO INTERIOR EXTERIOR";
function wordsOfAddresses() {
  if (addressWords) return addressWords;
  const all = new Set([...Object.values(MUNICIPIOS).flatMap((names) => asInePrints(names).split(/[^A-ZÑ]+/)), ...ROAD_AND_SETTLEMENT_TYPES.split(" ")].filter((w) => w.length >= 7));
  const byLength = new Map<number, string[]>();
  for (const word of all) {
    const same = byLength.get(word.length) ?? [];
    same.push(word);
    byLength.set(word.length, same);
  }
  return (addressWords = { all, byLength });
}

/**
 * A word of an address read a letter off one of wordsOfAddresses (two off in twelve letters or
 * more), when no other is as near; otherwise as read. A street named after a word the list lacks
 * (PITAGORAS) stays as read unless one letter makes it a word the list has.
 */
function addressWord(read: string): string {
  const { all, byLength } = wordsOfAddresses();
  if (all.has(read)) return read;
  const edits = (word: string) => (word.length >= 12 ? 2 : 1);
  const near = [-2, -1, 0, 1, 2].flatMap((d) => byLength.get(read.length + d) ?? []).filter((w) => Math.abs(w.length - read.length) <= edits(w));
  return nearestName(read, near, edits) ?? read;
}

/**
 * The colonia's postcode whose first digit small type glued to the colonia as a letter: «COL.
 * MORELOSO 4800» is COL. MORELOS 04800. A Mexican código postal always has five digits (SEPOMEX),
 * and INE prints it after the colonia; those of Mexico City open with 0, round as the O it is
 * read as (tune part, seed 202). A line already ending in five digits, or whose word before the
 * four would be left under three letters, is as it came.
 */
function postcode(line: string): string {
  return line.replace(/^(COL\. .*[A-ZÑ]{3})[ODQ] (\d{4})$/, "$1 0$2");
}

// The letters small type makes of digits: «12S3» is 1253, «2T93» 2793, «04B00» 04800.
const DIGIT_LOOKALIKES: Record<string, string> = { O: "0", S: "5", B: "8", I: "1", Z: "2", T: "7", G: "6" };

// Every way an address's last line writes an entidad out.
const ENTIDADES = [...INE_ENTIDADES, ...Object.keys(OTHER_NAMES)];

/** A line that is an entidad read a little off, as INE prints it; any other line as it came. */
function entidad(line: string): string {
  const [, text, end] = /^(.*?)(\.?)$/.exec(line)!;
  if (text!.replace(/ /g, "").length < 5 || ENTIDADES.includes(text!)) return line;
  const near = nearestName(text!, ENTIDADES, (e) => Math.max(1, Math.floor(e.length / 5)), (t) => t.replace(/ /g, ""));
  return near ? `${near}${end}` : line;
}

/**
 * The one name of `names` nearest to `read` (both as `key` gives them: spaces and punctuation aside),
 * within `edits(name)` edits of it, when no other name is as near; else none.
 */
function nearestName(read: string, names: readonly string[], edits: (name: string) => number, key = squeeze): string | null {
  const squeezed = key(read);
  let best: string | null = null;
  let [bestD, runnerUp] = [Infinity, Infinity];
  for (const name of names) {
    const d = distance(squeezed, key(name));
    if (d < bestD) [best, bestD, runnerUp] = [name, d, bestD];
    else runnerUp = Math.min(runnerUp, d);
  }
  return best !== null && bestD <= edits(best) && runnerUp > bestD ? best : null;
}

/**
 * The municipio line of a 2008–2019 front, «CUAJIMALPA DE MORELOS, D.F.»: the part before the
 * last comma mended from INEGI's catalog, and the abbreviation after it from the municipio's
 * entidad. Only where the last part is short, as an abbreviation is (a written-out entidad ends the
 * sandbox's and the 2019 front's addresses, with no municipio before it), and the part before it
 * holds no digit (a colonia's postcode, a 2019 front's «C.P. 14610»).
 */
function withMunicipio(address: string, estado?: string | null): string {
  const parts = address.split(", ");
  // The comma lost between the two («GUANAJUATO GTO»): a last word that is an abbreviation is set apart.
  const glued = parts.length >= 2 ? /^(.*[A-ZÑ]) (\S{2,6})$/.exec(parts.at(-1)!) : null;
  if (glued && ESTADO_OF_ABBREVIATION.has(squeeze(glued[2]!))) parts.splice(-1, 1, glued[1]!, glued[2]!);
  if (parts.length < 3) return address;
  const [before, last] = [parts.at(-2)!, parts.at(-1)!];
  if (squeeze(last).length > 5 || /\d|^(?:COL|C\.P)\b/.test(before)) return address;
  // The card's ESTADO narrows the search; read wrong (07 for 09 on a small card), it finds nothing
  // near, and the whole catalog is searched.
  const cardEstado = estado && /^(0[1-9]|[12]\d|3[0-2])$/.test(estado) ? estado : null;
  const found = (cardEstado && nearestMunicipio(before, cardEstado)) || nearestMunicipio(before, null);
  if (!found) return address;
  parts[parts.length - 2] = found.name;
  parts[parts.length - 1] = abbreviation(last, found.estado);
  return parts.join(", ");
}

type Municipio = { name: string; estado: string };
const squeeze = (text: string) => text.replace(/[^A-ZÑ0-9]/g, "");
/** A catalog name's entidades, and its letters squeezed once (nearestMunicipio compares 2,476 names a call). */
type CatalogEntry = { estados: string[]; squeezed: string };
let catalog: Map<string, CatalogEntry> | undefined;
/** Each municipio's name as INE prints it, with the entidades that have one of that name. */
const municipios = () => {
  if (!catalog) {
    catalog = new Map();
    for (const [estado, names] of Object.entries(MUNICIPIOS))
      for (const name of names.split("|").map(asInePrints)) catalog.set(name, { estados: [...(catalog.get(name)?.estados ?? []), estado], squeezed: squeeze(name) });
  }
  return catalog;
};
const squeezedName = (text: string) => municipios().get(text)?.squeezed ?? squeeze(text);
// One edit in six letters; short names (five letters or fewer) only exactly: one edit turns ACALA into ACATLA.
const municipioEdits = (name: string) => Math.floor(squeezedName(name).length / 6);

/**
 * The catalog's municipio a read is: the same letters without their spaces, or within one edit in
 * six letters of the name when no other name is as near. With the card's entidad, only its
 * municipios. A name several entidades share (BENITO JUAREZ) is one name, its entidad then the
 * card's or unknown ("").
 */
export function nearestMunicipio(read: string, estado: string | null): Municipio | null {
  const length = squeeze(read).length;
  if (length < 4) return null;
  const names = [...municipios()].filter(([name, { estados, squeezed }]) => (!estado || estados.includes(estado)) && Math.abs(squeezed.length - length) <= municipioEdits(name));
  const name = nearestName(read, names.map(([n]) => n), municipioEdits, squeezedName);
  if (!name) return null;
  const { estados } = municipios().get(name)!;
  return { name, estado: estado ?? (estados.length === 1 ? estados[0]! : "") };
}

// The abbreviations the fronts print after the municipio (INE's specimens: «D.F.», «GTO»; the
// states' usual abbreviations otherwise). Mexico City was D.F. until 2016 (DOF 29/01/2016).
const ABBREVIATIONS: Record<string, string[]> = {
  "01": ["AGS."], "02": ["B.C."], "03": ["B.C.S."], "04": ["CAMP."], "05": ["COAH."], "06": ["COL."], "07": ["CHIS."], "08": ["CHIH."],
  "09": ["D.F.", "CDMX"], "10": ["DGO."], "11": ["GTO."], "12": ["GRO."], "13": ["HGO."], "14": ["JAL."], "15": ["MEX."], "16": ["MICH."],
  "17": ["MOR."], "18": ["NAY."], "19": ["N.L."], "20": ["OAX."], "21": ["PUE."], "22": ["QRO."], "23": ["Q. ROO"], "24": ["S.L.P."],
  "25": ["SIN."], "26": ["SON."], "27": ["TAB."], "28": ["TAMPS."], "29": ["TLAX."], "30": ["VER."], "31": ["YUC."], "32": ["ZAC."],
};

// Each abbreviation's letters (squeeze) and the ESTADO it stands for.
const ESTADO_OF_ABBREVIATION = new Map(Object.entries(ABBREVIATIONS).flatMap(([estado, abbreviations]) => abbreviations.map((a) => [squeeze(a), estado] as const)));

/** The entidad's abbreviation where the read is one letter off it (and is no other's); else as read. */
function abbreviation(read: string, estado: string): string {
  const letters = squeeze(read);
  if (ESTADO_OF_ABBREVIATION.has(letters)) return read;
  const near = (ABBREVIATIONS[estado] ?? []).find((a) => distance(letters, squeeze(a)) === 1 && letters.length >= 2);
  return near ?? read;
}
