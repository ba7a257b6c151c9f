/**
 * Where a piece of the query text is, for validation explanations and editor markers. Offsets are UTF-16 code
 * units like JavaScript strings and Java (Lucene) strings; lines and columns are 1-based and only `\n` starts a
 * line, like Graylog's validator (`TokenLineCounter`).
 */
export interface Position {
  /** 0-based index into the query text. */
  offset: number;
  /** 1-based line. */
  line: number;
  /** 1-based column within the line. */
  column: number;
}

/** A range of query text: `start` is the first character, `end` the position just after the last one. */
export interface Span {
  start: Position;
  end: Position;
}

/** Turns offsets of one text into positions (line starts are computed once). */
export class PositionMap {
  private readonly lineStarts: number[] = [0];

  constructor(text: string) {
    for (let i = 0; i < text.length; i++) if (text[i] === "\n") this.lineStarts.push(i + 1);
  }

  position(offset: number): Position {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.lineStarts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return { offset, line: low + 1, column: offset - this.lineStarts[low] + 1 };
  }

  span(start: number, end: number): Span {
    return { start: this.position(start), end: this.position(end) };
  }
}

/** Graylog 5.1's `QueryPosition` of a span: 1-based lines, 0-based begin column, end column just after the last character. */
export interface GraylogPosition {
  begin_line: number;
  begin_column: number;
  end_line: number;
  end_column: number;
}

/**
 * The validation explanation position Graylog reports for a token: its validator counts columns from a
 * `FastCharStream` (0-based begin, exclusive end), which is what its query editor marks.
 */
export function graylogPosition(span: Span): GraylogPosition {
  return {
    begin_line: span.start.line,
    begin_column: span.start.column - 1,
    end_line: span.end.line,
    end_column: span.end.column - 1,
  };
}
