"use client";
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { errorText } from "@/components/form-field";
import {
  LANGUAGE_HINT,
  type LanguageOption,
  languageOption,
  searchLanguages,
} from "@/lib/web/challenges/language-options";

// The language of a challenge, chosen by name from the ISO 639-2 list: an editable combobox
// with a list popup (WAI-ARIA APG "combobox with listbox popup", list autocomplete). Typing
// filters by name or code; Up/Down move through the options (aria-activedescendant), Enter
// or a click chooses, Escape closes the list (a second Escape restores the chosen language),
// leaving the field keeps a typed exact name (or part of one: "Dutch") or code and otherwise
// restores the choice. Living languages are listed first.
// The form holds the code; the field shows the name, with the code next to it.

type Props = {
  label?: string;
  value: string;
  onValueChange: (code: string) => void;
  error?: string;
  required?: boolean;
  className?: string;
};

const display = (code: string) => languageOption(code)?.name ?? code;

export function LanguageCombobox({ label = "Language", value, onValueChange, error, required, className = "" }: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(() => display(value));
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const list = useRef<HTMLUListElement>(null);
  // The list follows what is typed once the person types; opening it shows everything.
  const [query, setQuery] = useState("");
  const options = useMemo(() => searchLanguages(query, 400), [query]);

  useEffect(() => setText(display(value)), [value]);
  useEffect(() => {
    list.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: "nearest" });
  }, [active, open]);

  const choose = (option: LanguageOption) => {
    onValueChange(option.code);
    setText(option.name);
    setQuery("");
    setOpen(false);
  };
  const openList = (q = query) => {
    setOpen(true);
    const found = searchLanguages(q, 400);
    const current = found.findIndex((o) => o.code === languageOption(value)?.code);
    setActive(q ? 0 : Math.max(0, current));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!open) return openList();
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((a) => Math.min(options.length - 1, Math.max(0, a + step)));
    } else if (e.key === "Home" && open) {
      e.preventDefault();
      setActive(0);
    } else if (e.key === "End" && open) {
      e.preventDefault();
      setActive(options.length - 1);
    } else if (e.key === "Enter" && open) {
      e.preventDefault();
      if (options[active]) choose(options[active]);
    } else if (e.key === "Escape") {
      if (open) {
        e.preventDefault();
        setOpen(false);
      } else {
        setText(display(value));
        setQuery("");
      }
    }
  };

  const onBlur = () => {
    const typed = text.trim().toLowerCase();
    // A name counts whole or by one of its parts: "Dutch" is "Dutch; Flemish".
    const named = (o: LanguageOption) =>
      o.name.toLowerCase().split(/;\s*/).concat(o.name.toLowerCase()).includes(typed);
    const exact = languageOption(typed) ?? searchLanguages(typed, 400).find(named);
    if (exact) choose(exact);
    else {
      setText(display(value));
      setQuery("");
      setOpen(false);
    }
  };

  const hintId = `${id}-hint`;
  const errorId = error ? `${id}-error` : undefined;
  const activeId = open && options[active] ? `${id}-opt-${options[active].code}` : undefined;
  return (
    <div className={`relative flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {required && <span className="text-red-700"> *</span>}
      </label>
      <div className="relative">
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeId}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(" ")}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setQuery(e.target.value);
            setOpen(true);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
          onClick={() => !open && openList()}
          className={`w-full rounded-md border bg-white py-2 pr-14 pl-3 text-sm ${error ? "border-red-500" : "border-slate-300"}`}
        />
        <span
          className="pointer-events-none absolute inset-y-0 right-3 flex items-center font-mono text-xs text-slate-600"
          data-testid="language-code"
        >
          {languageOption(value)?.code ?? value}
        </span>
      </div>
      <ul
        ref={list}
        id={listId}
        role="listbox"
        aria-label={`${label} options`}
        hidden={!open}
        className="absolute top-full z-30 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
      >
        {options.length === 0 ? (
          <li role="option" aria-selected={false} aria-disabled="true" className="px-3 py-2 text-slate-600">
            No language matches
          </li>
        ) : (
          options.map((o, i) => (
            <li
              key={o.code}
              id={`${id}-opt-${o.code}`}
              role="option"
              data-index={i}
              aria-selected={i === active}
              // Chosen with the mouse before the input's blur restores the text.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(o);
              }}
              onMouseMove={() => setActive(i)}
              className={`flex cursor-pointer justify-between gap-3 px-3 py-1.5 ${i === active ? "bg-blue-700 text-white" : "text-slate-900"}`}
            >
              <span>{o.name}</span>
              <span className={`font-mono text-xs ${i === active ? "text-blue-100" : "text-slate-600"}`}>
                {o.code}
                {o.other ? ` / ${o.other}` : ""}
              </span>
            </li>
          ))
        )}
      </ul>
      <p id={hintId} className="text-xs text-slate-500">
        {LANGUAGE_HINT}
      </p>
      {error && (
        <p id={errorId} className="text-xs font-medium text-red-700">
          {errorText(label, error)}
        </p>
      )}
    </div>
  );
}
