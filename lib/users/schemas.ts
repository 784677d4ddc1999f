import { z } from "zod";
import { pageQuery } from "@/lib/api/page-query";
import {
  idSchema,
  intFromForm,
  languageSchema,
  listOf,
  MAX_IDS,
  MAX_ROLES,
  requiredText,
  timestamps,
} from "@/lib/api/schemas";

export const createUserSchema = z.object({
  id: idSchema.optional(),
  firstName: requiredText(200),
  // Required on create by the contract, though it may be empty ("van", "de", or "").
  infix: z.string().trim().max(100).nullable(),
  lastName: requiredText(200),
  groups: listOf(idSchema, MAX_IDS).optional(),
  roles: listOf(z.string().trim().min(1), MAX_ROLES).refine((r) => r.length > 0, "at least one role is required"),
});
export type CreateUser = z.infer<typeof createUserSchema>;

/** PUT /users/:id (ours): an incremental update; lists, when sent, replace the user's. */
export const updateUserSchema = z.object({
  firstName: requiredText(200).optional(),
  infix: z.string().trim().max(100).nullable().optional(),
  lastName: requiredText(200).optional(),
  groups: listOf(idSchema, MAX_IDS).optional(),
  roles: listOf(z.string().trim().min(1), MAX_ROLES)
    .refine((r) => r.length > 0, "at least one role is required")
    .optional(),
});
export type UpdateUser = z.infer<typeof updateUserSchema>;

export const listUsersQuery = z.object({
  /** Ours: users whose first name, infix or last name contains this text (letter case aside). */
  name: z.string().trim().max(100, "must be at most 100 characters").optional(),
  group: listOf(z.string(), MAX_IDS).optional(),
  role: listOf(z.string(), MAX_ROLES).optional(),
  sort: z.enum(["created", "updated", "lastName", "firstName"]).default("created"),
  direction: z.enum(["asc", "desc"]).default("asc"),
  ...pageQuery,
});
export type ListUsers = z.infer<typeof listUsersQuery>;

export const userSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  infix: z.string().nullable(),
  lastName: z.string(),
  groups: z.array(z.string()),
  roles: z.array(z.string()),
  ...timestamps,
});
export type User = z.output<typeof userSchema>;

export const CEFR_LEVELS = ["no score", "below A1", "A1", "A2", "A2+", "B1", "B1+", "B2", "B2+", "C1", "C2"] as const;

export const profileInputSchema = z.object({
  birthYear: intFromForm.pipe(z.number().int().min(1900).max(new Date().getUTCFullYear())).nullish(),
  gender: z.enum(["m", "f", "x"]).nullish(),
  country: z.string().trim().min(1).max(100).nullish(),
  language: languageSchema.nullish(),
  cefr: intFromForm.pipe(z.number().int().min(0).max(10)).nullish(),
});
export type ProfileInput = z.infer<typeof profileInputSchema>;

export const profileSchema = z.object({
  birthYear: z.number().int().nullable(),
  gender: z.string().nullable(),
  country: z.string().nullable(),
  language: z.string().nullable(),
  cefr: z.number().int().nullable(),
  ...timestamps,
});
export type Profile = z.output<typeof profileSchema>;
