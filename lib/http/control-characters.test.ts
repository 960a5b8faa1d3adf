import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { MAX_JSON_DEPTH, refuseControlCharacters } from "./control-characters";

const refusal = (value: unknown) => {
  try {
    refuseControlCharacters(value);
    return null;
  } catch (err) {
    return err;
  }
};

describe("refuseControlCharacters", () => {
  it("names each field holding a control character, keys included", () => {
    const err = refusal({ name: "a\u0000b", list: ["ok", "\u0007"], ["k\u0001"]: 1, fine: "tab\tand\nnewline" });
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).errors).toEqual({ name: ["Must not contain control characters (such as NUL)."], "list.1": ["Must not contain control characters (such as NUL)."], "k?": ["The field name must not contain control characters."] });
  });

  it("accepts nesting up to the limit", () => {
    let value: unknown = "leaf";
    for (let i = 0; i < MAX_JSON_DEPTH; i++) value = { a: value };
    expect(refusal(value)).toBeNull();
  });

  it("refuses a nesting bomb with a 422, not a stack overflow", () => {
    const err = refusal(JSON.parse("[".repeat(50_000) + "]".repeat(50_000)));
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("INVALID");
    expect((err as AppError).errors).toEqual({ body: [`Nested deeper than ${MAX_JSON_DEPTH} levels.`] });
  });
});
