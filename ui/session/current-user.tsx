import { createContext, type ReactNode, use } from "react";
import type { User } from "../../api/schemas/user.ts";
import { isAnyPermitted, isPermitted } from "../../shared/permissions.ts";

const CurrentUserContext = createContext<User | null>(null);

export function CurrentUserProvider({ user, children }: { user: User; children: ReactNode }) {
  return <CurrentUserContext value={user}>{children}</CurrentUserContext>;
}

/** The signed-in user; throws outside the provider (spec 000 §8, hooks). */
export function useCurrentUser(): User {
  const user = use(CurrentUserContext);
  if (!user) throw new Error("useCurrentUser must be used within CurrentUserProvider");
  return user;
}

/** The signed-in user or null (the login screen, error pages before login). */
export function useOptionalCurrentUser(): User | null {
  return use(CurrentUserContext);
}

export function usePermissions() {
  const user = useCurrentUser();
  return {
    isPermitted: (required: readonly string[] | string | undefined) => isPermitted(user.permissions, required),
    isAnyPermitted: (required: readonly string[] | string | undefined) => isAnyPermitted(user.permissions, required),
  };
}
