import { useDocumentTitle } from "../shell/use-document-title.ts";
import { ErrorPage } from "./ErrorPage.tsx";

/** 404 (spec 000 §2.4). */
export function NotFoundPage() {
  useDocumentTitle("Page not found");
  return <ErrorPage title="Page not found" description="The page you are looking for does not exist." />;
}
