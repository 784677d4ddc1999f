import { expect, test } from "@playwright/test";
import { categoryName, distinctNames, personName, pronunciationChallengeName, speechChallengeName } from "./names";

test("people, categories and challenges are named in words, never by id", () => {
  expect(personName({ firstName: "Jan", infix: "de", lastName: "Vries" })).toBe("Jan de Vries");
  expect(personName({ firstName: "Ada", infix: null, lastName: "Lovelace" })).toBe("Ada Lovelace");
  expect(categoryName({ name: "Taal groep 5/6" })).toBe("Taal groep 5/6");
  expect(categoryName({ name: null })).toBe("Unnamed category");
  expect(speechChallengeName({ topic: null }, 2)).toBe("Challenge 3");
  expect(pronunciationChallengeName({ transcription: "kat" })).toBe("kat");
  expect(distinctNames(["kat", "hond", "kat", "kat"])).toEqual(["kat", "hond", "kat (2)", "kat (3)"]);
});
