import assert from "node:assert/strict";
import { errorToastText, FetchError } from "../../../ui/api/fetch-error.ts";

const fetchError = (status: number, statusText: string, message?: string) =>
  new FetchError(status, statusText, message === undefined ? null : { type: "ApiError", message }, "POST", "/api/system/sessions");

Deno.test("a fetch error says what failed and adds the server's message", () => {
  assert.equal(
    fetchError(404, "Not Found", "Couldn't find user x").message,
    "There was an error fetching a resource: Not Found. Additional information: Couldn't find user x",
  );
  assert.equal(
    fetchError(502, "", undefined).message,
    "There was an error fetching a resource: 502. Additional information: Not available",
  );
});

Deno.test("for 400 and 500 with a body message the toast shows 'body message - error message'", () => {
  for (const [status, text] of [[400, "Bad Request"], [500, "Internal Server Error"]] as const) {
    const error = fetchError(status, text, "username: username must not be empty");
    assert.equal(errorToastText(error), `username: username must not be empty - ${error.message}`);
  }
});

Deno.test("other statuses, or a 400 without a body message, show the error message alone", () => {
  const forbidden = fetchError(403, "Forbidden", "You do not have the required permissions to view this resource.");
  assert.equal(errorToastText(forbidden), forbidden.message);
  const bare = fetchError(400, "Bad Request");
  assert.equal(errorToastText(bare), "There was an error fetching a resource: Bad Request. Additional information: Not available");
});

Deno.test("errors that are not fetch errors show their message, anything else its text", () => {
  assert.equal(errorToastText(new Error("Network down")), "Network down");
  assert.equal(errorToastText("plain"), "plain");
});
