/**
 * A grok pattern file (the format Logstash and Graylog share): one `NAME pattern` per line, name and pattern
 * separated by spaces or tabs; blank lines and `#` comments are skipped, and so are lines of another shape.
 */
export interface GrokPatternDefinition {
  name: string;
  pattern: string;
}

const LINE = /^(\w+)[ \t]+(.*)$/;

export function parseGrokPatternFile(text: string): GrokPatternDefinition[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"))
    .flatMap((line) => {
      const found = LINE.exec(line);
      return found ? [{ name: found[1], pattern: found[2] }] : [];
    });
}
