import { ApiError, conflict, notFound } from "@/lib/api/errors";
import { finishPage, type PageRequest, pageArgs } from "@/lib/api/pagination";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { isUniqueViolation, newId, newPk } from "@/lib/db/ids";
import { policyRules } from "@/lib/policies/registry";
import type { CreateGroup } from "./schemas";

// Groups live in the caller's namespace and are only seen from it. A group's
// categories are ids of categories of the same namespace, kept in the order given.

const groupInclude = { categories: { select: { categoryId: true }, orderBy: { position: "asc" } } } as const;

type GroupRow = { categories: { categoryId: string }[] };

/** The response shape's source: a group row with its category ids in order. */
export function toGroup<R extends GroupRow>(row: R) {
  return { ...row, categories: row.categories.map((c) => c.categoryId) };
}

export async function createGroup(db: Db, caller: Principal, input: CreateGroup) {
  const categoryIds = [...new Set(input.categories ?? [])];
  if (categoryIds.length) {
    const found = await db.category.findMany({
      where: { AND: [policyRules.category.read(caller), { id: { in: categoryIds } }] },
      select: { id: true },
    });
    const missing = categoryIds.filter((id) => !found.some((c) => c.id === id));
    if (missing.length) {
      throw new ApiError("validation", `Unknown category(s): ${missing.join(", ")}`, [
        { resource: "Group", field: "categories", code: "missing" },
      ]);
    }
  }
  try {
    const row = await db.group.create({
      data: {
        pk: newPk(),
        ns: caller.ns,
        id: input.id ?? newId(),
        name: input.name,
        categories: { create: categoryIds.map((categoryId, position) => ({ categoryId, position })) },
      },
      include: groupInclude,
    });
    return toGroup(row);
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(`Group ${input.id} already exists`, [{ resource: "Group", field: "id", code: "already_exists" }]);
    throw error;
  }
}

export async function listGroups(db: Db, caller: Principal, page: PageRequest) {
  const args = pageArgs("created", "asc", page);
  const rows = await db.group.findMany({
    ...args,
    where: { AND: [policyRules.group.list(caller), args.where] },
    include: groupInclude,
  });
  const result = finishPage(rows, page, (r) => r.created);
  return { items: result.items.map(toGroup), nextCursor: result.nextCursor };
}

export async function getGroup(db: Db, caller: Principal, id: string) {
  const row = await db.group.findFirst({
    where: { AND: [policyRules.group.read(caller), { id }] },
    include: groupInclude,
  });
  if (!row) throw notFound("Group");
  return toGroup(row);
}
