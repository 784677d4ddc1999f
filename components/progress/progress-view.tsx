"use client";
import { useEffect, useMemo, useState } from "react";
import { useSpeechChallenges } from "@/lib/web/categories";
import { useProgress, useProgressSelection } from "@/lib/web/progress";
import { columnIds, displayName, formatPercentage, meanPercentage, type GridSort, type SortKey } from "@/lib/web/progress-grid";
import { usePrincipal } from "@/lib/web/use-principal";
import { PageHeader } from "@/components/page-header";
import { EmptyState, ErrorState, LoadingBlock } from "@/components/states";
import { AudioPlayer, type Playing } from "./audio-player";
import { CellDetails } from "./cell-details";
import { ProgressFilters } from "./progress-filters";
import { ProgressGrid, type CellRef } from "./progress-grid";
import { PronunciationPanel } from "./pronunciation-panel";

// /progress: choose a category, groups and a role; the grid of students × challenges, the
// player, the chosen cell's recordings and the chosen student's pronunciation analyses.

export function ProgressView() {
  const principal = usePrincipal();
  const [selection, update] = useProgressSelection();
  const progress = useProgress(selection);
  const speech = useSpeechChallenges(principal.can("CHALLENGE_LIST"));
  const [sort, setSort] = useState<GridSort>({ key: "name", direction: "asc" });
  const [cell, setCell] = useState<CellRef | null>(null);
  const [student, setStudent] = useState<number | null>(null);
  const [playing, setPlaying] = useState<Playing | null>(null);
  const entries = progress.data;

  const topics = useMemo(() => new Map((speech.data ?? []).map((c) => [c.id, c.topic])), [speech.data]);
  const labels = useMemo(() => columnIds(entries ?? []).map((id) => topics.get(id) || id), [entries, topics]);
  // Another answer: row indexes mean other students.
  useEffect(() => {
    setCell(null);
    setStudent(null);
  }, [entries]);

  const onSort = (key: SortKey) =>
    setSort((s) => (s.key === key ? { key, direction: s.direction === "asc" ? "desc" : "asc" } : { key, direction: key === "percentage" ? "desc" : "asc" }));
  const onCell = ({ row, col }: CellRef) => {
    const entry = entries?.[row];
    const set = entry?.challenges[col]?.recordingSet;
    setCell({ row, col });
    setStudent(row);
    if (entry && set) setPlaying({ url: set.combinedAudioUrl, label: `${displayName(entry.user)} · ${labels[col]} (combined audio)` });
  };

  if (principal.isLoading) return <LoadingBlock />;
  if (!principal.can("CATEGORY_LIST")) {
    return <EmptyState title="Progress is not available in this view">Switch to an organisation, or to one of its users.</EmptyState>;
  }
  const chosenEntry = student !== null ? entries?.[student] : undefined;
  return (
    <>
      <PageHeader
        title="Progress"
        description="Who recorded which challenge of a category, and when. Click a recorded cell to hear it; click a name for the student’s pronunciation analyses."
      />
      <div className="space-y-4">
        <ProgressFilters selection={selection} onChange={update} />
        {!selection.category ? (
          <EmptyState title="Choose a category">Its challenges, and those of its subcategories, become the columns.</EmptyState>
        ) : progress.isPending ? (
          <LoadingBlock label="Loading the progress…" lines={6} />
        ) : progress.isError ? (
          <ErrorState error={progress.error} onRetry={() => progress.refetch()} />
        ) : entries!.length === 0 ? (
          <EmptyState title="Nobody to show">No member of the chosen groups holds the chosen role.</EmptyState>
        ) : labels.length === 0 ? (
          <EmptyState title="This category holds no speech challenges">Add some to it, or to its subcategories, on the Categories page.</EmptyState>
        ) : (
          <>
            <p className="text-sm text-slate-600" data-testid="progress-summary">
              {entries!.length} {entries!.length === 1 ? "student" : "students"} · {labels.length} challenges · mean {formatPercentage(meanPercentage(entries!))}
              {progress.isFetching && " · refreshing…"}
            </p>
            <AudioPlayer playing={playing} />
            <ProgressGrid
              entries={entries!}
              labels={labels}
              sort={sort}
              onSort={onSort}
              selected={cell}
              student={student}
              onCell={onCell}
              onStudent={(row) => {
                setStudent(row);
                setCell(null);
              }}
            />
            <div className="grid items-start gap-4 lg:grid-cols-2">
              {cell && entries![cell.row] && <CellDetails entry={entries![cell.row]!} col={cell.col} label={labels[cell.col]!} onPlay={setPlaying} />}
              {chosenEntry && <PronunciationPanel user={chosenEntry.user} onPlay={setPlaying} />}
            </div>
          </>
        )}
      </div>
    </>
  );
}
