import type { ReactNode } from "react";
import { usePermissions } from "./current-user.tsx";

interface Props {
  permissions: readonly string[] | string;
  /** Any one of the permissions suffices (default: all are needed). */
  anyPermissions?: boolean;
  children: ReactNode;
}

/** Renders its children only when the user holds the permissions, or none are required (spec 000 §6). */
export function IfPermitted({ permissions, anyPermissions = false, children }: Props) {
  const { isPermitted, isAnyPermitted } = usePermissions();
  const permitted = anyPermissions ? isAnyPermitted(permissions) : isPermitted(permissions);
  return permitted ? <>{children}</> : null;
}
