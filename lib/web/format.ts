// Display formats. Rendered in the browser only (data comes from the API client-side),
// so the reader's own locale and time zone apply.

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export const formatDateTime = (iso: string) => (iso ? dateTime.format(new Date(iso)) : "—");
