import assert from "node:assert/strict";
import { pickerPage } from "../../../ui/dashboards/logic/dashboard-picker.ts";

const titled = (...titles: string[]) => titles.map((title) => ({ id: title.toLowerCase(), title }));
const titles = (rows: readonly { title: string }[]) => rows.map((row) => row.title);
const NINE = titled("Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India");

Deno.test("the current dashboard on the first page: that page is still full, the rest move up", () => {
  const first = pickerPage(NINE, "bravo", 1, 5);
  assert.deepEqual(titles(first.rows), ["Alpha", "Charlie", "Delta", "Echo", "Foxtrot"]);
  assert.deepEqual(titles(pickerPage(NINE, "bravo", 2, 5).rows), ["Golf", "Hotel", "India"]);
  assert.equal(first.total, 8);
});

Deno.test("the page count counts only the dashboards offered", () => {
  // Six dashboards, one of them the current one: five offered fit on one page of five.
  const six = NINE.slice(0, 6);
  assert.deepEqual(pickerPage(six, "echo", 1, 5), {
    rows: titled("Alpha", "Bravo", "Charlie", "Delta", "Foxtrot"),
    total: 5,
    pages: 1,
  });
  assert.equal(pickerPage(six, null, 1, 5).pages, 2);
});

Deno.test("without the current dashboard among them, the dashboards are paged as they are", () => {
  assert.deepEqual(titles(pickerPage(NINE, "zulu", 2, 5).rows), ["Foxtrot", "Golf", "Hotel", "India"]);
  assert.equal(pickerPage(NINE, "zulu", 2, 5).pages, 2);
});

Deno.test("nothing to offer is one empty page", () => {
  assert.deepEqual(pickerPage(titled("Alpha"), "alpha", 1, 5), { rows: [], total: 0, pages: 1 });
});
