import { useDocumentTitle } from "../shell/use-document-title.ts";
import { ErrorPage } from "./ErrorPage.tsx";

/** 403 (spec 000 §2.4, §8). */
export function MissingPermissionsPage() {
  useDocumentTitle("Missing Permissions");
  return <ErrorPage title="Missing Permissions" description="You do not have the required permissions to view this resource." />;
}
