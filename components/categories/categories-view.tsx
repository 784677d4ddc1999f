"use client";
import { useMemo, useState } from "react";
import { Button } from "@/components/button";
import { PageHeader } from "@/components/page-header";
import { EmptyState, ErrorState, LoadingBlock } from "@/components/states";
import { useCategoryTree, useSpeechChallenges } from "@/lib/web/categories/use-categories";
import { usePrincipal } from "@/lib/web/views/use-principal";
import { CategoryForm } from "./category-form";
import { CategoryTree } from "./category-tree";

// /categories: the organisation's category tree, with the form that creates or edits one
// beside it.

type Panel = { mode: "create"; parent: string | null } | { mode: "edit"; id: string } | null;

export function CategoriesView() {
  const principal = usePrincipal();
  const allowed = principal.can("CATEGORY_LIST");
  const tree = useCategoryTree();
  const speech = useSpeechChallenges(principal.can("CHALLENGE_LIST"));
  const [panel, setPanel] = useState<Panel>(null);
  const labels = useMemo(() => new Map((speech.data ?? []).map((c) => [c.id, c.topic || c.id])), [speech.data]);
  const editing = panel?.mode === "edit" ? tree.data?.find((c) => c.id === panel.id) : undefined;
  const canCreate = principal.can("CATEGORY_CREATE");
  const title = panel?.mode === "create" ? "New category" : `Edit ${editing?.name ?? editing?.id}`;

  if (principal.isLoading) return <LoadingBlock />;
  if (!allowed) {
    return (
      <EmptyState title="Categories are not available in this view">
        Switch to an organisation, or to one of its teachers.
      </EmptyState>
    );
  }
  return (
    <>
      <PageHeader
        title="Categories"
        description="Group the speech challenges of this organisation in nested categories. Drag a row by its handle to reorder it, or sideways to nest it."
        actions={
          canCreate && (
            <Button variant="primary" onClick={() => setPanel({ mode: "create", parent: null })}>
              New category
            </Button>
          )
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-label="Tree">
          {tree.isPending ? (
            <LoadingBlock label="Loading the categories…" />
          ) : tree.isError ? (
            <ErrorState error={tree.error} onRetry={() => tree.refetch()} />
          ) : tree.data.length === 0 ? (
            <EmptyState title="No categories yet">
              {canCreate && "Create the first one with “New category”."}
            </EmptyState>
          ) : (
            <CategoryTree
              list={tree.data}
              challengeLabels={labels}
              onEdit={(id) => setPanel({ mode: "edit", id })}
              onAddChild={(parent) => setPanel({ mode: "create", parent })}
            />
          )}
        </section>
        {panel && tree.data && (panel.mode === "create" || editing) && (
          <section
            aria-label={title}
            className="rounded-lg border border-blue-200 bg-blue-50/50 p-5 lg:sticky lg:top-4"
          >
            <h2 className="mb-4 text-lg font-semibold">{title}</h2>
            <CategoryForm
              key={panel.mode === "create" ? `new-${panel.parent ?? ""}` : panel.id}
              list={tree.data}
              category={editing}
              parent={panel.mode === "create" ? panel.parent : undefined}
              onDone={() => setPanel(null)}
            />
          </section>
        )}
      </div>
    </>
  );
}
