import { describe, expect, it } from "vitest";
import { PASSWORD_PROBLEMS, passwordSchema, signUpSchema } from "./account";

describe("password rules", () => {
  it.each(["password", "12345678", "contraseña", "CONTRASEÑA", "qwertyuiop", "iloveyou1!", "Mexico123"])("refuses %j as a common password", (password) => {
    const parsed = passwordSchema.safeParse(password);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([PASSWORD_PROBLEMS.common]);
  });

  it.each(["aaaaaaaaaaaa", "AAAAaaaaAAAA", "abababababab", "1212121212", "x x x x x x x x x", "abcdefghijkl", "zyxwvutsrqpo", "hijklmnopq"])(
    "abuse: refuses %j, repeated characters or one plain run, saying why",
    (password) => {
      const parsed = passwordSchema.safeParse(password);
      expect(parsed.error?.issues.map((i) => i.message)).toEqual([PASSWORD_PROBLEMS.repetitive]);
    },
  );

  it.each(["contraseña-segura-1", "Nopal-Tijuana-2026", "mi perro se llama Canelo", "abcde-abcde", "tacos al pastor"])("accepts %j", (password) => {
    expect(passwordSchema.safeParse(password).success).toBe(true);
  });

  it("refuses the e-mail or the name as the password at sign-up", () => {
    for (const password of ["jose.pena@example.com", "Jose.Pena", "josé peña", "JoséPeña"]) {
      const parsed = signUpSchema.safeParse({ name: "José Peña", email: "jose.pena@example.com", password });
      expect(parsed.error?.issues, password).toEqual([expect.objectContaining({ path: ["password"], message: PASSWORD_PROBLEMS.personal })]);
    }
  });
});
