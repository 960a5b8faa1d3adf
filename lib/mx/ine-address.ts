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
 * - the abbreviations INE writes with a period (COL., INT., and NO. before a number) get it back
 *   where the small period was lost, and a space after it («INT.4»);
 * - the entidad at the end, where one is written out, is one of the 32 (RENAPO's list in
 *   lib/mx/curp), spelt as INE prints: a name read a letter or two off («COLINA», «TASIAULIPAS»,
 *   «SANLUSPOTOS») is the one entidad it is nearest to, when no other is as near.
 */
export function tidyAddress(address: string): string {
  const lines = address
    .split(/\s*,\s*/)
    .map((line) =>
      line
        .replace(/(?<=[A-ZÑ]{2})(?=\d)/g, " ")
        .replace(/(?<=\d)(?=[A-ZÑ]{3})/g, " ")
        .replace(/\b(COL|INT)(?= )|\bNO(?= \d)/g, "$&.")
        .replace(/\b(COL|INT|NO|C\.P)\.(?=[A-Z0-9])/g, "$1. "),
    );
  // The street's type opens the address, C (calle) a word of its own: «CPITAGORAS» lost the space.
  lines[0] = lines[0]!.replace(/^C(?=[A-ZÑ]{5})/, "C ");
  const last = lines.length - 1;
  if (last > 0) lines[last] = entidad(lines[last]!);
  return lines.join(", ");
}

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
