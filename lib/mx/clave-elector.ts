/**
 * What a clave de elector of its whole shape carries about its holder. INE builds it as six letters
 * of the names, the birth date YYMMDD, the entidad's two digits, H or M, and three digits (INE's
 * specimen: GMVLMR 800705 01 M 100; every sandbox card). One reading of that layout for the
 * identity cross-checks and the front reader.
 */
const CLAVE_ELECTOR = /^[A-Z]{6}(\d{6})\d{2}([HM])\d{3}$/;

/** A birth date (YYYY-MM-DD) as the clave and the CURP carry it: YYMMDD. */
export const birthYymmdd = (date: string) => date.slice(2).replace(/-/g, "");

/** The clave's birth date (YYMMDD) and sex, or null for a value not of its whole shape. */
export function claveElectorParts(clave: string | null | undefined): { born: string; sex: "H" | "M" } | null {
  const parts = CLAVE_ELECTOR.exec(clave ?? "");
  return parts ? { born: parts[1]!, sex: parts[2] as "H" | "M" } : null;
}
