import { ErrorPage } from "../errors/ErrorPage.tsx";
import { useDocumentTitle } from "../shell/use-document-title.ts";

export const NO_STREAM_PERMISSIONS_TITLE = "No stream permissions.";
export const NO_STREAM_PERMISSIONS_TEXT =
  "You do not have permission to read any stream, so no search can be started. " +
  "Please contact your administrator to be granted access to the streams you need.";

/** Shown instead of the search page to a user who can read no stream (spec 001 §2, §6). */
export function NoStreamPermissionsPage() {
  useDocumentTitle("No stream permissions");
  return <ErrorPage title={NO_STREAM_PERMISSIONS_TITLE} description={NO_STREAM_PERMISSIONS_TEXT} />;
}
