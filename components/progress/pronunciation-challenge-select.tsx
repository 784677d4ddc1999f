"use client";
import { useId, useMemo } from "react";
import { distinctNames, pronunciationChallengeName } from "@/lib/web/names";

// A labelled choice of one of the organisation's pronunciation challenges, by name.

type Challenge = Parameters<typeof pronunciationChallengeName>[0] & { id: string };

type Props = {
  label: string;
  challenges: readonly Challenge[];
  value: string;
  onChange: (id: string) => void;
  className?: string;
};

export function PronunciationChallengeSelect({ label, challenges, value, onChange, className = "" }: Props) {
  const id = useId();
  const names = useMemo(() => distinctNames(challenges.map(pronunciationChallengeName)), [challenges]);
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
      >
        {challenges.map((c, i) => (
          <option key={c.id} value={c.id}>
            {names[i]}
          </option>
        ))}
      </select>
    </div>
  );
}
