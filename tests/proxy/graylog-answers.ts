/**
 * Recorded answers of a real Graylog 5.1 (tests/proxy/graylog-5.1/*.json), built from its source's DTOs (the
 * file names each one's class): the call, its status and its JSON body, as Graylog writes them.
 */
import { readdirSync, readFileSync } from "node:fs";

export interface RecordedAnswer {
  /** `METHOD /path` in the API's path templates, e.g. `GET /users/{username}`. */
  call: string;
  status: number;
  /** The Graylog 5.1 class that writes the body. */
  dto: string;
  body: unknown;
}

const FOLDER = new URL("./graylog-5.1/", import.meta.url);

/** Every recording by its file name without `.json`. */
export function recordedAnswers(): Map<string, RecordedAnswer> {
  const names = readdirSync(FOLDER).filter((name) => name.endsWith(".json")).sort();
  return new Map(names.map((name) => [
    name.slice(0, -".json".length),
    JSON.parse(readFileSync(new URL(name, FOLDER), "utf8")) as RecordedAnswer,
  ]));
}

export function recordedAnswer(name: string): RecordedAnswer {
  const answer = recordedAnswers().get(name);
  if (!answer) throw new Error(`no recorded Graylog answer ${name}.json`);
  return answer;
}
