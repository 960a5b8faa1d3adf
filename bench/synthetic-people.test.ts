import { describe, expect, it } from "vitest";
import { sandboxMrz } from "@/lib/adapters/ine/sandbox-cards";
import { SANDBOX_VOTERS } from "@/lib/adapters/ine/sandbox-voters";
import { checkCurp } from "@/lib/mx/curp";
import { parseIneMrz } from "@/lib/mx/ine-mrz";
import { buildClaveElector, buildCurp, seededRandom, syntheticPerson } from "./synthetic-people";

// The bench's truth must be right, or its rates measure the generator.
describe("synthetic people (bench/identity.ts)", () => {
  const people = Array.from({ length: 300 }, ((random) => () => syntheticPerson(random))(seededRandom(7)));

  it("have valid CURPs that agree with their birth date and sex", () => {
    for (const p of people) expect(checkCurp(p.curp), `${p.nombre} ${p.curp}`).toMatchObject({ valid: true, birthDate: p.fecha_nacimiento, sex: p.sexo });
  });

  it("have a clave de elector with their birth date and sex, and an MRZ that composes and parses", () => {
    for (const p of people) {
      const clave = /^[A-Z]{6}(\d{6})\d{2}([HM])\d{3}$/.exec(p.clave_elector);
      expect(clave?.slice(1), p.clave_elector).toEqual([p.fecha_nacimiento.replace(/-/g, "").slice(2), p.sexo]);
      expect(parseIneMrz(sandboxMrz(p).join("\n")).ok, p.nombre).toBe(true);
    }
  });

  it("carry a model of their emission year: E/F until 2018, G/H from 2019, both layouts drawn", () => {
    for (const p of people) expect(["E", "F", "G", "H"].indexOf(p.modelo) >= 2, `${p.modelo} ${p.anio_emision}`).toBe(Number(p.anio_emision) >= 2019);
    expect(new Set(people.map((p) => p.modelo))).toEqual(new Set(["E", "F", "G", "H"]));
  });

  it("use accents and Ñ, and the same seed gives the same people", () => {
    expect(people.some((p) => /Ñ/.test(p.primer_apellido + p.segundo_apellido + p.nombres))).toBe(true);
    expect(people.some((p) => /[ÁÉÍÓÚ]/.test(p.nombres))).toBe(true);
    const again = seededRandom(7);
    expect(syntheticPerson(again)).toEqual(people[0]);
  });

  it("key names as the sandbox voter's documented CURP and clave do", () => {
    const maria = SANDBOX_VOTERS[0]!;
    expect(buildCurp(maria, "DF", () => 0)).toBe("PELG850312MDFRPD00");
    expect(buildClaveElector(maria, "DF", () => 0).slice(0, 9)).toBe("PRLPMR850");
  });

  it("key MARÍA DE JESÚS by JESÚS, as RENAPO skips MARÍA and the particle DE", () => {
    const person = { nombres: "MARÍA DE JESÚS", primer_apellido: "HERNÁNDEZ", segundo_apellido: "SOTO", fecha_nacimiento: "1961-08-03", sexo: "M" as const };
    expect(buildCurp(person, "CM", () => 0).slice(0, 16)).toBe("HESJ610803MCMRTS");
    expect(buildCurp({ ...person, nombres: "JOSÉ DE LA LUZ" }, "CM", () => 0).slice(0, 16)).toBe("HESL610803MCMRTZ");
  });
});
