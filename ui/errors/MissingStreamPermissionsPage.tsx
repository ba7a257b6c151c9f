import { useDocumentTitle } from "../shell/use-document-title.ts";
import { ErrorPage } from "./ErrorPage.tsx";

interface Props {
  streams: readonly string[];
}

/** 403 with body type MissingStreamPermission (spec 000 §2.4, §8). */
export function MissingStreamPermissionsPage({ streams }: Props) {
  useDocumentTitle("Missing Stream Permissions");
  return <ErrorPage title="Missing Stream Permissions" description={`You need permissions for streams with the id: ${streams.join(", ")}.`} />;
}
