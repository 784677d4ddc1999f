import type { ReadingOut } from "@/lib/reading/schemas";

// The figures of one attempt (recognition.md "Reading figures"), as the server counted them from
// the words as they stand after corrections.

const STOP_TEXT = {
  lastRead: "up to the last word read",
  endOfText: "to the end of the text",
  oneMinute: "within one minute",
} as const;

export const formatWcpm = (wcpm: number | null) => (wcpm === null ? "—" : wcpm.toFixed(1));
export const formatAccuracy = (accuracy: number | null) =>
  accuracy === null ? "—" : `${(accuracy * 100).toFixed(1).replace(/\.0$/, "")}%`;

export function ReadingFigures({ reading }: { reading: ReadingOut }) {
  const items: [string, string, string][] = [
    ["WCPM", formatWcpm(reading.wcpm), "wcpm"],
    ["Accuracy", formatAccuracy(reading.accuracy), "accuracy"],
    ["Errors", String(reading.errors), "errors"],
    ["Words counted", String(reading.expectedWords), "expected"],
    ["Reading time", reading.readingSeconds === null ? "—" : `${reading.readingSeconds.toFixed(1)} s`, "time"],
    ["Not assessed", String(reading.notAssessed), "not-assessed"],
  ];
  return (
    <section aria-label="Reading figures" className="space-y-1">
      <dl className="grid grid-cols-3 gap-2 sm:grid-cols-6">
        {items.map(([term, value, id]) => (
          <div key={id} className="rounded-md border border-slate-200 bg-white p-2">
            <dt className="text-xs text-slate-600">{term}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid={`figure-${id}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-slate-600">Counted {STOP_TEXT[reading.stop]}.</p>
    </section>
  );
}
