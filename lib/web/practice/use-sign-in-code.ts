"use client";
import type { SignInCode } from "@/lib/organisations/schemas";
import { useApiQuery, useApiSession } from "../api/use-api";
import { scopeInfo } from "../session/session";

/** The current organisation's sign-in code and address (null outside an organisation's view). */
export function useSignInCode() {
  const { scope } = useApiSession();
  const { parsed } = scopeInfo(scope);
  const org = parsed && "organisationId" in parsed ? parsed.organisationId : null;
  return useApiQuery<SignInCode>(org ? `/api/organisations/${encodeURIComponent(org)}/sign-in-code` : null, undefined, {
    staleTime: Infinity,
  });
}
