import { expect, test } from "@playwright/test";
import { assertKey } from "./core";
import { derivedBase, derivedKey } from "./derived";

test("derived keys are valid storage keys that name the file they belong to", () => {
  const base = "files/ab/cd/abcd1234-0000-4000-8000-000000000000";
  const key = derivedKey(base, "spectrogram-v1-12");
  expect(() => assertKey(key)).not.toThrow();
  expect(derivedBase(key)).toBe(base);
  expect(derivedBase(base)).toBeNull();
  expect(derivedBase(`${base}-derived/a/b`)).toBeNull();
});
