/**
 * Where a JSON text stops being JSON: the first error's character offset, line and column (both
 * from 1) and what was expected there. Browsers word `JSON.parse` errors differently and some give
 * no position at all, so the scripted model's script field checks its text with this small
 * scanner of the JSON grammar (RFC 8259) before parsing it.
 */

export interface JsonErrorPosition {
  /** 0-based character offset of the error. */
  offset: number;
  line: number;
  column: number;
  message: string;
}

class Stop extends Error {
  constructor(
    readonly at: number,
    message: string,
  ) {
    super(message);
  }
}

function scan(text: string): void {
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i])) i++;
  };
  const describe = (at: number) => (at >= text.length ? "the end of the text" : `'${text[at]}'`);
  const expect = (what: string): never => {
    throw new Stop(i, `expected ${what}, found ${describe(i)}`);
  };
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else expect("a value (a string in double quotes, a number, true, false, null, [ or {)");
  };
  const string = () => {
    i++; // the opening quote
    while (i < text.length) {
      const c = text[i];
      if (c === '"') {
        i++;
        return;
      }
      if (c === "\\") {
        const e = text[i + 1];
        if (e === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)))
            throw new Stop(i, "a \\u escape takes four hexadecimal digits");
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else throw new Stop(i, `unknown escape \\${e ?? ""} in a string`);
        continue;
      }
      if (c === "\n" || c.charCodeAt(0) < 0x20)
        throw new Stop(i, 'a string cannot hold a line break: close it with " or write \\n');
      i++;
    }
    throw new Stop(i, 'a string is not closed (a " is missing)');
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m || m[0] === "-") expect("a number");
    i += m![0].length;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === "{") return object();
    if (c === "[") return array();
    if (c === '"') return string();
    if (c === "-" || (c >= "0" && c <= "9")) return number();
    if (c === "t") return literal("true");
    if (c === "f") return literal("false");
    if (c === "n") return literal("null");
    if (c === "'") throw new Stop(i, 'JSON strings use double quotes ("), not single quotes');
    expect("a value (a string in double quotes, a number, true, false, null, [ or {)");
  };
  const array = () => {
    i++;
    ws();
    if (text[i] === "]") {
      i++;
      return;
    }
    for (;;) {
      value();
      ws();
      if (text[i] === ",") {
        i++;
        ws();
        if (text[i] === "]") throw new Stop(i, "a trailing comma before ] is not JSON: remove it");
        continue;
      }
      if (text[i] === "]") {
        i++;
        return;
      }
      expect(", or ]");
    }
  };
  const object = () => {
    i++;
    ws();
    if (text[i] === "}") {
      i++;
      return;
    }
    for (;;) {
      ws();
      if (text[i] !== '"') {
        if (text[i] === "}") throw new Stop(i, "a trailing comma before } is not JSON: remove it");
        expect("a property name in double quotes");
      }
      string();
      ws();
      if (text[i] !== ":") expect(": after the property name");
      i++;
      value();
      ws();
      if (text[i] === ",") {
        i++;
        continue;
      }
      if (text[i] === "}") {
        i++;
        return;
      }
      expect(", or }");
    }
  };
  value();
  ws();
  if (i < text.length) throw new Stop(i, `unexpected ${describe(i)} after the end of the JSON value`);
}

/** The line and column (from 1) of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return { line, column: offset - before.lastIndexOf("\n") };
}

/** The first error of a JSON text, or null when it is JSON. */
export function jsonErrorPosition(text: string): JsonErrorPosition | null {
  try {
    scan(text);
    return null;
  } catch (e) {
    if (!(e instanceof Stop)) throw e;
    return { offset: e.at, ...lineColumn(text, e.at), message: e.message };
  }
}

/** The error as one sentence: "Line 2, column 5: expected , or ]". */
export function describeJsonError(p: JsonErrorPosition): string {
  return `Not valid JSON — line ${p.line}, column ${p.column}: ${p.message}`;
}
