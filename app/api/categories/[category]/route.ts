import { otherMethods } from "@/lib/api/other-methods";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { getCategory } from "@/lib/categories/categories";
import { CATEGORY_FILES, CATEGORY_RESOURCE, categorySchema, updateCategorySchema } from "@/lib/categories/schemas";
import { updateCategory } from "@/lib/categories/update-category";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { storage } from "@/lib/storage/storage";

type Params = { category: string };

// GET /api/categories/:category
export const GET = withApi<Params>(
  {
    policy: "category",
    in: "organisation",
    permission: "CATEGORY_LIST",
    resource: CATEGORY_RESOURCE,
    responses: { 200: categorySchema },
  },
  async ({ principal, params }) => json(categorySchema, await getCategory(db(), principal, params.category)),
);

// PUT /api/categories/:category (JSON, form-encoded or multipart; incremental: parent, name, order,
// description, color, image and icon (files), speechChallenges (replaces the list))
export const PUT = withApi<Params, typeof updateCategorySchema>(
  {
    policy: "category",
    in: "organisation",
    permission: "CATEGORY_CREATE",
    resource: CATEGORY_RESOURCE,
    body: updateCategorySchema,
    files: CATEGORY_FILES,
    responses: { 200: { body: categorySchema, headers: ["Location"] } },
  },
  async ({ principal, params, body, files }) => {
    const category = await updateCategory(db(), storage(), principal, params.category, body, files);
    return json(categorySchema, category, {
      headers: { Location: `${config().apiBaseUrl}/categories/${category.id}` },
    });
  },
);

export const { POST, PATCH, DELETE } = otherMethods("GET", "PUT");
