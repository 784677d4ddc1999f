import { otherMethods } from "@/lib/api/other-methods";
import { nextLink } from "@/lib/api/pagination";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { listChildCategories } from "@/lib/categories/categories";
import { CATEGORY_RESOURCE, categorySchema, listCategoriesQuery } from "@/lib/categories/schemas";
import { db } from "@/lib/db/client";

// GET /api/categories/:category/categories: the categories with this parent, ordered by `order`
export const GET = withApi<{ category: string }, undefined, typeof listCategoriesQuery>(
  {
    policy: "category",
    in: "organisation",
    permission: "CATEGORY_LIST",
    resource: CATEGORY_RESOURCE,
    query: listCategoriesQuery,
    responses: { 200: { body: categorySchema.array(), headers: ["Link"] } },
  },
  async ({ req, principal, params, query }) => {
    const page = await listChildCategories(db(), principal, params.category, query);
    return json(categorySchema.array(), page.items, { headers: nextLink(req, page.nextCursor) });
  },
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
