import type { ReactNode } from "react";
import { isAnyPermitted, isPermitted } from "../../shared/permissions.ts";
import { MissingPermissionsPage } from "../errors/MissingPermissionsPage.tsx";
import { useCurrentUser } from "../session/current-user.tsx";

interface Props {
  permissions: readonly string[];
  anyPermissions?: boolean;
  children: ReactNode;
}

/** A page of the route table: the Missing Permissions page unless the user holds the page's permissions. */
export function PageRoute({ permissions, anyPermissions, children }: Props) {
  const user = useCurrentUser();
  const permitted = anyPermissions ? isAnyPermitted(user.permissions, permissions) : isPermitted(user.permissions, permissions);
  return permitted ? <>{children}</> : <MissingPermissionsPage />;
}
