// The API's validation messages for a label scheme ("layers.1.labels.2.label: must not be
// empty") in words the administrator recognises ("Layer 2 “Errors”, label 3: must not be empty").

type Named = { name: string; labels: { label: string }[] };

// (A label's own text needs no word: "label 3" says it.)
const FIELDS: Record<string, string> = {
  name: "name",
  labels: "labels",
  freeText: "free text",
  allowOverlap: "overlap",
  baseAllowed: "base subset",
};

export function schemeErrorInWords(message: string, layers: readonly Named[]): string {
  const match = /^layers((?:\.[A-Za-z0-9]+)*):\s*(.*)$/s.exec(message.trim());
  if (!match) return message;
  const [, path, text] = match;
  const parts = path.split(".").filter(Boolean);
  const words: string[] = [];
  let layer: Named | undefined;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    const index = Number(part);
    if (i === 0 && Number.isInteger(index)) {
      layer = layers[index];
      words.push(`Layer ${index + 1}${layer?.name.trim() ? ` “${layer.name.trim()}”` : ""}`);
    } else if (part === "labels" && Number.isInteger(Number(parts[i + 1]))) {
      const n = Number(parts[++i]);
      const label = layer?.labels[n]?.label.trim();
      words.push(`label ${n + 1}${label ? ` “${label}”` : ""}`);
    } else if (FIELDS[part]) words.push(FIELDS[part]);
  }
  return words.length ? `${words.join(", ")}: ${text}` : `Layers: ${text}`;
}
