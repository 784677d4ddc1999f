"use client";
import { PageGuard } from "@/components/page-guard";
import { useApiSession } from "@/lib/web/api/use-api";
import { scopeInfo } from "@/lib/web/session/session";
import { SchemeEditor } from "./scheme-editor";

// The organisation of the current view (administrators of an organisation only: the guard).
export function SchemeView() {
  const { scope } = useApiSession();
  const { parsed } = scopeInfo(scope);
  const organisation = parsed && "organisationId" in parsed ? parsed.organisationId : null;
  return (
    <PageGuard href="/annotation-scheme">
      {organisation && <SchemeEditor key={organisation} organisation={organisation} />}
    </PageGuard>
  );
}
