import { expect, test } from "@playwright/test";
import { schemeErrorInWords } from "./scheme-errors";

const layers = [
  { name: "Words", labels: [] },
  { name: "Errors", labels: [{ label: "Pronunciation" }, { label: "Pronunciation" }, { label: "" }] },
];

test("paths into the scheme become layer and label names", () => {
  expect(schemeErrorInWords("layers.1.labels.2.label: must not be empty", layers)).toBe(
    "Layer 2 “Errors”, label 3: must not be empty",
  );
  expect(schemeErrorInWords("layers.1: labels must be unique within a layer", layers)).toBe(
    "Layer 2 “Errors”: labels must be unique within a layer",
  );
  expect(schemeErrorInWords("layers.0.name: must be 1-50 letters", layers)).toBe(
    "Layer 1 “Words”, name: must be 1-50 letters",
  );
  expect(schemeErrorInWords("layers: layer names must be unique", layers)).toBe("Layers: layer names must be unique");
  expect(schemeErrorInWords("Something else", layers)).toBe("Something else");
  expect(schemeErrorInWords("layers.5: needs a label", layers)).toBe("Layer 6: needs a label");
});
