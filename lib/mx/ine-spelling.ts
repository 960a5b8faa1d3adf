/**
 * How an INE credential prints a name or an address: capitals without accents or dieresis, Ñ
 * kept, everything else as written. INE's official specimen fronts print GOMEZ VELAZQUEZ
 * (Gómez Velázquez), CIUDAD DE MEXICO and ALCALDIA (../shared/realworld/ine/manifest.json,
 * the two official_specimen_digital fronts); a sample with PÉREZ MARTÍNEZ is noted there as
 * obviously synthetic. The Ñ stays: the card's own label reads AÑO DE REGISTRO, and the CURP
 * (which writes Ñ as X) is the only place RENAPO's rules drop it.
 */
export function asInePrints(text: string): string {
  return text
    .toUpperCase()
    .replace(/Ñ/g, "\u0000")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/\u0000/g, "Ñ");
}
