"use client";
import { useEffect, useMemo, useRef, useState } from "react";
import { Button } from "@/components/button";
import { PageHeader } from "@/components/page-header";
import { EmptyState, ErrorState, LoadingBlock } from "@/components/states";
import { useGroups } from "@/lib/web/groups/use-groups";
import { distinctNames, speechChallengeName } from "@/lib/web/names";
import {
  denseCells,
  displayName,
  formatPercentage,
  type GridSort,
  meanPercentage,
  nextSort,
  type SortKey,
} from "@/lib/web/progress/progress-grid";
import { linkedCategory } from "@/lib/web/progress/progress-selection";
import {
  downloadProgressCsv,
  useProgressCell,
  useProgressGrid,
  useProgressSelection,
} from "@/lib/web/progress/use-progress";
import { usePrincipal } from "@/lib/web/views/use-principal";
import { AudioPlayer, type Playing } from "./audio-player";
import { CellDetails, combinedAudioPath } from "./cell-details";
import { GroupPhonemes } from "./group-phonemes";
import { ProgressFilters } from "./progress-filters";
import { type CellRef, ProgressGrid } from "./progress-grid";
import { PronunciationPanel } from "./pronunciation-panel";

// /progress: choose a category, groups, a role and a date range (a teacher starts on their own
// groups, the STUDENT role and the first category linked to those groups); the grid of students ×
// challenges (our compact GET .../progress/grid), the player, the chosen cell's recordings (GET
// .../progress/cell: a click plays its combined audio once they are read), the chosen student's
// pronunciation analyses and the CSV download.

export function ProgressView() {
  const principal = usePrincipal();
  const own = principal.user?.groups ?? [];
  const [selection, update] = useProgressSelection(own);
  const groups = useGroups(principal.can("GROUP_LIST"));
  const grid = useProgressGrid(selection);
  const [sort, setSort] = useState<GridSort>({ key: "name", direction: "asc" });
  const [cell, setCell] = useState<CellRef | null>(null);
  const [student, setStudent] = useState<number | null>(null);
  const [playing, setPlaying] = useState<Playing | null>(null);
  const [csvError, setCsvError] = useState<string | null>(null);
  const data = grid.data;

  // No category chosen yet: the first one linked to the chosen groups.
  const linked = useMemo(() => linkedCategory(groups.data ?? [], selection.groups), [groups.data, selection.groups]);
  useEffect(() => {
    if (!selection.category && linked) update({ category: linked });
  }, [selection.category, linked, update]);

  const studentIds = useMemo(() => (data?.students ?? []).map((s) => s.id), [data]);
  const labels = useMemo(() => distinctNames((data?.challenges ?? []).map(speechChallengeName)), [data]);
  const cells = useMemo(() => (data ? denseCells(data) : []), [data]);
  // Another answer: row indexes mean other students.
  useEffect(() => {
    setCell(null);
    setStudent(null);
  }, [data]);

  // Optional: for one render after a new answer, the chosen cell may lie outside it.
  const openedUser = (cell && data?.students[cell.row]?.id) || null;
  const openedChallenge = (cell && data?.challenges[cell.col]?.id) || null;
  const opened = useProgressCell(selection, openedUser, openedChallenge);
  // A click on a cell plays its most recent answer as soon as the cell's recordings are read.
  const playWhenRead = useRef<string | null>(null);
  useEffect(() => {
    const read = opened.data;
    const student = cell && data?.students[cell.row];
    if (!read?.recordingSet || !student || playWhenRead.current !== `${read.user}\u0000${read.challenge}`) return;
    playWhenRead.current = null;
    setPlaying({
      url: combinedAudioPath(read.recordingSet.id),
      label: `${displayName(student)} · ${labels[cell!.col]} (combined audio)`,
    });
  }, [opened.data, cell, data, labels]);

  const onSort = (key: SortKey) => setSort((s) => nextSort(s, key));
  const onCell = ({ row, col }: CellRef) => {
    setCell({ row, col });
    setStudent(row);
    if (data && cells[row]?.[col]) playWhenRead.current = `${data.students[row]!.id}\u0000${data.challenges[col]!.id}`;
  };
  const onCsv = async () => {
    setCsvError(null);
    try {
      await downloadProgressCsv(selection);
    } catch (error) {
      setCsvError((error as Error).message);
    }
  };

  if (principal.isLoading) return <LoadingBlock />;
  if (!principal.can("CATEGORY_LIST")) {
    return (
      <EmptyState title="Progress is not available in this view">
        Switch to an organisation, or to one of its users.
      </EmptyState>
    );
  }
  const chosen = student !== null ? data?.students[student] : undefined;
  const chosenCell = cell && data ? cells[cell.row]?.[cell.col] : undefined;
  return (
    <>
      <PageHeader
        title="Progress"
        description="Who recorded which challenge of a category, how often, when and how well. Click a recorded cell (or press Enter on it) to hear it; a name shows the student’s pronunciation analyses. Arrow keys move through the grid."
      />
      <div className="space-y-4">
        <ProgressFilters selection={selection} onChange={update} groups={groups} />
        {!selection.category ? (
          <EmptyState title="Choose a category">
            Its challenges, and those of its subcategories, become the columns.
          </EmptyState>
        ) : grid.isPending ? (
          <LoadingBlock label="Loading the progress…" lines={6} />
        ) : grid.isError ? (
          <ErrorState error={grid.error} onRetry={() => grid.refetch()} />
        ) : data!.students.length === 0 ? (
          <EmptyState title="Nobody to show">No member of the chosen groups holds the chosen role.</EmptyState>
        ) : labels.length === 0 ? (
          <EmptyState title="This category holds no speech challenges">
            Add some to it, or to its subcategories, on the Categories page.
          </EmptyState>
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-slate-700" data-testid="progress-summary">
                {data!.students.length} {data!.students.length === 1 ? "student" : "students"} · {labels.length}{" "}
                challenges · mean {formatPercentage(meanPercentage(data!.students))}
                {grid.isFetching && " · refreshing…"}
              </p>
              <div className="flex items-center gap-2">
                {csvError && (
                  <p className="text-sm text-red-700" role="alert">
                    {csvError}
                  </p>
                )}
                <Button onClick={onCsv}>Download CSV</Button>
              </div>
            </div>
            <AudioPlayer playing={playing} />
            <ProgressGrid
              students={data!.students}
              cells={cells}
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
            <div className="grid min-w-0 items-start gap-4 lg:grid-cols-2 [&>*]:min-w-0">
              {cell && chosenCell && chosen && (
                <CellDetails
                  student={chosen}
                  cell={chosenCell}
                  label={labels[cell.col]!}
                  opened={opened}
                  onPlay={setPlaying}
                />
              )}
              {chosen && <PronunciationPanel user={chosen} onPlay={setPlaying} />}
            </div>
            {/* Students (who may not list users) see only their own row: no group to speak of. */}
            {principal.can("USER_LIST") && <GroupPhonemes studentIds={studentIds} />}
          </>
        )}
      </div>
    </>
  );
}
