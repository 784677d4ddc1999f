"use client";
import Link from "next/link";
import type { Category } from "@/lib/categories/schemas";
import type { ProgressEntry } from "@/lib/progress/schemas";
import { flatten } from "@/lib/web/categories/category-tree";
import { doneAndNext, usePracticeHome } from "@/lib/web/practice/use-practice-home";
import { usePrincipal } from "@/lib/web/views/use-principal";
import { challengeName } from "../challenges/challenge-name";
import { EmptyState, ErrorState, LoadingBlock } from "../states";

// A student's own page: their categories as a tree, their progress in each, the speech
// exercises of each in order with what is done and what is next, and the other exercises.

const practiceHref = (kind: string, id: string) => `/practice/${kind}/${encodeURIComponent(id)}`;

export function PracticeHome() {
  const { tree, speech, choice, pronunciation, progress } = usePracticeHome();
  const principal = usePrincipal();
  if (tree.isPending || speech.isPending) return <LoadingBlock label="Loading your exercises…" />;
  if (tree.error) return <ErrorState error={tree.error} />;
  const names = new Map((speech.data ?? []).map((c) => [c.id, challengeName("speech", c)]));
  const categories = tree.data ?? [];
  // A student gets their own row only; a teacher trying the exercises gets every student's.
  const mine = (list: ProgressEntry[] | undefined) => list?.find((e) => e.user.id === principal.user?.id);
  const entries = new Map(categories.map((c, i) => [c.id, mine(progress[i]?.data)]));
  const others = [
    ...(choice.data ?? [])
      .filter((c) => c.status === "prepared")
      .map((c) => ({ kind: "choice", id: c.id, name: challengeName("choice", c) })),
    ...(pronunciation.data ?? []).map((c) => ({
      kind: "pronunciation",
      id: c.id,
      name: challengeName("pronunciation", c),
    })),
  ];
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">My exercises</h1>
        <p className="mt-1 text-slate-700">Pick an exercise, listen, and speak. You see how you did straight away.</p>
      </div>
      <section aria-labelledby="topics">
        <h2 id="topics" className="mb-2 text-lg font-semibold">
          Topics
        </h2>
        {categories.length === 0 ? (
          <EmptyState title="No topics yet">Your teacher has not added any topics.</EmptyState>
        ) : (
          <ul className="flex flex-col gap-3">
            {flatten(categories).map(({ category, depth }) => (
              <CategoryCard
                key={category.id}
                category={category}
                depth={depth}
                entry={entries.get(category.id)}
                names={names}
              />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="more">
        <h2 id="more" className="mb-2 text-lg font-semibold">
          More exercises
        </h2>
        {others.length === 0 ? (
          <p className="text-slate-700">No other exercises yet.</p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2">
            {others.map((o) => (
              <li key={`${o.kind}/${o.id}`}>
                <Link
                  href={practiceHref(o.kind, o.id)}
                  className="block rounded-lg border border-slate-200 bg-white p-3 hover:border-blue-600"
                >
                  <span className="block text-xs text-slate-600">
                    {o.kind === "choice" ? "Choose and say" : "Say it well"}
                  </span>
                  {o.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function CategoryCard({
  category,
  depth,
  entry,
  names,
}: {
  category: Category;
  depth: number;
  entry: ProgressEntry | undefined;
  names: Map<string, string>;
}) {
  const { done, next } = doneAndNext(category.speechChallenges, entry);
  const name = category.name || "Untitled topic";
  const percentage = Math.round(entry?.percentage ?? 0);
  return (
    <li style={{ marginInlineStart: `${depth * 1.25}rem` }} className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">{name}</h3>
        <span className="text-sm text-slate-700">{percentage}% done</span>
      </div>
      <div
        role="progressbar"
        aria-label={`Progress in ${name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percentage}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-blue-700" style={{ width: `${percentage}%` }} />
      </div>
      {category.speechChallenges.length > 0 && (
        <ol className="mt-3 flex flex-col gap-1">
          {category.speechChallenges.map((id, i) => (
            <li key={id}>
              <Link
                href={practiceHref("speech", id)}
                className="flex items-center gap-2 rounded-md px-2 py-1.5 hover:bg-slate-100"
                aria-describedby={`state-${category.id}-${i}`}
              >
                <span aria-hidden className="w-5 text-center">
                  {done.has(id) ? "✓" : id === next ? "→" : "·"}
                </span>
                <span className="flex-1">{names.get(id) ?? "Exercise"}</span>
                <span id={`state-${category.id}-${i}`} className="text-xs text-slate-600">
                  {done.has(id) ? "Done" : id === next ? "Next" : ""}
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </li>
  );
}
