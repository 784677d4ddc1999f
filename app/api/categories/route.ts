import { otherMethods } from "@/lib/api/other-methods";
import { nextLink } from "@/lib/api/pagination";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { listTopCategories } from "@/lib/categories/categories";
import { createCategory } from "@/lib/categories/create-category";
import {
  CATEGORY_FILES,
  CATEGORY_RESOURCE,
  categorySchema,
  createCategorySchema,
  listCategoriesQuery,
} from "@/lib/categories/schemas";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { storage } from "@/lib/storage/storage";

// POST /api/categories (multipart or JSON: id?, parent?, name?, order?, description?, color?,
// image? and icon? (files), speechChallenges? (repeatable))
export const POST = withApi(
  {
    policy: "category",
    in: "organisation",
    permission: "CATEGORY_CREATE",
    resource: CATEGORY_RESOURCE,
    body: createCategorySchema,
    files: CATEGORY_FILES,
    responses: { 201: { body: categorySchema, headers: ["Location"] } },
  },
  async ({ principal, body, files }) => {
    const category = await createCategory(db(), storage(), principal, body, files);
    return json(categorySchema, category, {
      status: 201,
      headers: { Location: `${config().apiBaseUrl}/categories/${category.id}` },
    });
  },
);

// GET /api/categories: the top-level categories, ordered by `order`
export const GET = withApi(
  {
    policy: "category",
    in: "organisation",
    permission: "CATEGORY_LIST",
    resource: CATEGORY_RESOURCE,
    query: listCategoriesQuery,
    responses: { 200: { body: categorySchema.array(), headers: ["Link"] } },
  },
  async ({ req, principal, query }) => {
    const page = await listTopCategories(db(), principal, query);
    return json(categorySchema.array(), page.items, { headers: nextLink(req, page.nextCursor) });
  },
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
