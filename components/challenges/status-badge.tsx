// A challenge's preparation state. On a detail page it is a live region: the change from
// "Preparing" to "Prepared" (or "Unprepared") is announced as it happens.

type Status = "unprepared" | "preparing" | "prepared";

const LOOK: Record<Status, { text: string; className: string }> = {
  preparing: { text: "Preparing", className: "border-amber-300 bg-amber-50 text-amber-900" },
  prepared: { text: "Prepared", className: "border-emerald-300 bg-emerald-50 text-emerald-900" },
  unprepared: { text: "Unprepared", className: "border-red-300 bg-red-50 text-red-900" },
};

export function StatusBadge({ status, live = false }: { status: Status; live?: boolean }) {
  const look = LOOK[status] ?? { text: status, className: "border-slate-300 bg-slate-50 text-slate-800" };
  return (
    <span
      role={live ? "status" : undefined}
      data-testid="challenge-status"
      data-status={status}
      className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${look.className}`}
    >
      {status === "preparing" && <span aria-hidden className="size-2 animate-pulse rounded-full bg-amber-500" />}
      {look.text}
    </span>
  );
}
