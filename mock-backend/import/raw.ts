import { accept, type LineParser, reject } from "./line-parser.ts";

/** Each line as it is: the message, stamped with the import time (Graylog's raw/plaintext input). */
export const rawParser: LineParser = {
  description: "Raw text (each line is a message)",
  parse(line, context) {
    const text = line.replace(/\r$/, "");
    if (text.trim() === "") return reject("empty line");
    return accept({ timestamp: context.now, source: context.defaultSource, message: text });
  },
};
