// How loud the microphone hears the student, as a bar (and as a meter for screen readers).
export function LevelMeter({ level, label = "Microphone level" }: { level: number; label?: string }) {
  // Speech peaks are mostly below 0.5: scaled so that normal speaking fills most of the bar.
  const value = Math.min(100, Math.round(level * 200));
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
    >
      <div className="h-full bg-green-600 transition-[width] duration-75" style={{ width: `${value}%` }} />
    </div>
  );
}
