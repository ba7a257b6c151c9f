import { Code } from "@mantine/core";
import { ErrorPage } from "./ErrorPage.tsx";

/** A reported error of an unsupported kind (spec 000 §8). */
export function UnknownErrorPage({ error }: { error: Error }) {
  return (
    <ErrorPage title="An unkown error has occured..." description="Please check the server logs.">
      <Code block>{error.message}</Code>
    </ErrorPage>
  );
}
