import type { Group } from "@/lib/groups/schemas";
import type { User } from "@/lib/users/schemas";
import { withQuery } from "../api/api-client";
import { gridPath, gridQuery, linkedCategory, paramsOf, selectionOf } from "../progress/progress-selection";
import { scopeInfo } from "../session/session";
import { answeredRead, type EarlyPlan, jsonRead } from "./early-script";
import { serverGet } from "./server-api";

// /progress asks first for the groups (the filters; pages of 100 as lib/web/api/fetch-all.ts) and
// the grid of the URL's selection (lib/web/progress/use-progress.ts). Without groups in the URL the user's
// own are chosen, and without a category the first one linked to them: the server reads those
// (small answers) to name the same grid, and the groups' answer goes in the page. A date range is
// left to the browser: its days are local.

const GROUPS = withQuery("/api/groups", { perPage: 100 });

export const progressReads =
  (search: Record<string, string | string[] | undefined>): EarlyPlan =>
  async (view) => {
    const params = paramsOf(search);
    const own =
      !params.getAll("group").length && params.get("nogroup") !== "1" && scopeInfo(view.scope).kind === "user";
    const user = own ? await serverGet<User>(view, "/api/user") : null;
    const selection = selectionOf(params, user?.status === 200 ? user.data.groups : []);
    let category = selection.category;
    const groups = category ? null : await serverGet<Group[]>(view, GROUPS);
    if (groups?.status === 200 && !groups.nextCursor) category = linkedCategory(groups.data, selection.groups) ?? "";
    const grid =
      category && !selection.from && !selection.to
        ? jsonRead(withQuery(gridPath(category), gridQuery({ ...selection, category })))
        : null;
    return [groups ? answeredRead(GROUPS, groups) : jsonRead(GROUPS), grid];
  };
