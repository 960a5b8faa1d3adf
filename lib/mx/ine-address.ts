import { CURP_STATES } from "./curp";
import { asInePrints } from "./ine-spelling";
import { distance } from "./ine-front-labels";

/**
 * An address as the front prints it, mended where OCR of small type fails in ways the card's own
 * conventions undo (INE's specimens, ../shared/realworld/ine: «C PITAGORAS 1253 INT. 4», «COL.
 * MORELOS 04800», «VIADUCTO TLALPAN NO. 100», «C.P. 14610, CIUDAD DE MEXICO.»):
 * - the street's type comes first, and C (calle) is a word of its own («C PITAGORAS»): a C glued
 *   to the next word is set apart (a street printed without its type and starting with C would
 *   be cut too; the specimens and the INE's abbreviations always print the type);
 * - a number and a word are always apart: a recogniser that drops the space between them
 *   («INDEPENDENCIA824», «MORELOS04800», «1253INT») is given it back; a number's ordinal ending
 *   («2DA», «3ER»: two letters) stays on it;
 * - letters without accents, as INE prints them (lib/mx/ine-spelling): «PITÁGORAS» is PITAGORAS;
 * - a letter between digits is the digit it looks like («12S3», «2T93», «3I95»): no word of an
 *   address sits inside a number;
 * - the abbreviations INE writes with a period (COL., INT., and NO. before a number) get it back
 *   where the small period was lost, and a space after it («INT.4», «COLMORELOS»);
 * - the entidad at the end, where one is written out, is one of the 32 (RENAPO's list in
 *   lib/mx/curp), spelt as INE prints: a name read a letter or two off («COLINA», «TASIAULIPAS»,
 *   «SANLUSPOTOS») is the one entidad it is nearest to, when no other is as near; D.F., the one
 *   INE abbreviates on the specimens, with its periods («DF», «D-F.») and its own line back.
 */
export function tidyAddress(address: string): string {
  // COL. gets its period back where the read lost the address's periods; where it kept another
  // abbreviation's (PRIV., INT., D.F.), the recogniser sees this card's periods and a COL without
  // one is printed so (a sample card: «C PRIV. MONTE 109, COL ARBOLEDAS 38526»).
  const periodsRead = /(?:\b|^C)(?:INT|NO|PRIV|AV|C\.P|D\.F)\./.test(address);
  const lines = asInePrints(address)
    .split(/\s*,\s*/)
    .map((line) =>
      line
        .replace(/(?<=\d)[OSBIZTG](?=\d)/g, (c) => DIGIT_LOOKALIKES[c]!)
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
  for (let i = 1; i < last; i++) lines[i] = lines[i]!.replace(/^COL(?!ONIA)(?=[A-ZÑ]{4})/, "COL. ");
  if (last > 0) lines[last] = entidad(lines[last]!);
  // D.F. (an entidad INE abbreviates) with its periods lost or misread, or glued to the
  // municipio before it («MORELOS.D.F», «MORELOSDF», «D-F.»): no word of an address ends in DF.
  if (last > 0) lines[last] = lines[last]!.replace(/^(?:(.*?[A-ZÑ])[ .]?)?D[.-]?F\.?$/, (_, municipio?: string) => (municipio ? `${municipio}, D.F.` : "D.F."));
  return lines.join(", ");
}

// The letters small type makes of digits: «12S3» is 1253, «2T93» 2793, «04B00» 04800.
const DIGIT_LOOKALIKES: Record<string, string> = { O: "0", S: "5", B: "8", I: "1", Z: "2", T: "7", G: "6" };

const ENTIDADES = [...new Set([...Object.values(CURP_STATES).map(asInePrints), "DISTRITO FEDERAL"])].filter((e) => e !== "NACIDO EN EL EXTRANJERO");

/** A line that is an entidad read a little off, as INE prints it; any other line as it came. */
function entidad(line: string): string {
  const [, text, end] = /^(.*?)(\.?)$/.exec(line)!;
  const squeezed = text!.replace(/ /g, "");
  if (squeezed.length < 5 || ENTIDADES.includes(text!)) return line;
  const near = ENTIDADES.map((e) => ({ e, d: distance(squeezed, e.replace(/ /g, "")) })).sort((a, b) => a.d - b.d);
  const [best, next] = near;
  return best!.d <= Math.max(1, Math.floor(best!.e.length / 5)) && next!.d > best!.d ? `${best!.e}${end}` : line;
}
