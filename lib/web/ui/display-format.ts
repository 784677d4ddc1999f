// Display formats. Rendered in the browser only (data comes from the API client-side),
// so the reader's own locale and time zone apply.

// Made on first use: creating a formatter loads locale data (tens of ms on a busy machine),
// which a page's first paint should not wait for when it shows no date.
let dateTime: Intl.DateTimeFormat | null = null;

export const formatDateTime = (iso: string) =>
  iso
    ? (dateTime ??= new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" })).format(
        new Date(iso),
      )
    : "—";
