/**
 * How many leading digits decide whether a fixed-length digit string matches a pattern — for the regular
 * expressions libphonenumber's metadata is written in (digits, `\d`, `[2-9]` classes, `(?:…)` groups, `|`,
 * `{n}` and `?`). Used to prove that a cache keyed on a number's first digits answers exactly what the full
 * validation would (see phone-nanp.ts). Anything outside that dialect answers null: no proof, no cache.
 */

type Node =
  | { kind: "set"; mask: number }
  | { kind: "seq"; items: Node[] }
  | { kind: "alt"; options: Node[] }
  | { kind: "repeat"; node: Node; times: number }
  | { kind: "optional"; node: Node };

const ANY = 0b11_1111_1111;

class Parser {
  private i = 0;
  constructor(private readonly src: string) {}

  parse(): Node {
    const node = this.alt();
    if (this.i !== this.src.length) throw new Error("unexpected character");
    return node;
  }

  private alt(): Node {
    const options = [this.seq()];
    while (this.src[this.i] === "|") {
      this.i++;
      options.push(this.seq());
    }
    return options.length === 1 ? options[0]! : { kind: "alt", options };
  }

  private seq(): Node {
    const items: Node[] = [];
    while (this.i < this.src.length && this.src[this.i] !== "|" && this.src[this.i] !== ")") items.push(this.quantified(this.atom()));
    return { kind: "seq", items };
  }

  private atom(): Node {
    const c = this.src[this.i]!;
    if (c >= "0" && c <= "9") {
      this.i++;
      return { kind: "set", mask: 1 << Number(c) };
    }
    if (this.src.startsWith("\\d", this.i)) {
      this.i += 2;
      return { kind: "set", mask: ANY };
    }
    if (c === "[") return this.digitClass();
    if (this.src.startsWith("(?:", this.i)) {
      this.i += 3;
      const inner = this.alt();
      if (this.src[this.i] !== ")") throw new Error("unclosed group");
      this.i++;
      return inner;
    }
    throw new Error(`unsupported: ${c}`);
  }

  private digitClass(): Node {
    this.i++;
    let mask = 0;
    while (this.src[this.i] !== "]") {
      const from = this.digit();
      let to = from;
      if (this.src[this.i] === "-") {
        this.i++;
        to = this.digit();
      }
      for (let d = from; d <= to; d++) mask |= 1 << d;
    }
    this.i++;
    return { kind: "set", mask };
  }

  private digit(): number {
    const c = this.src[this.i++];
    if (c === undefined || c < "0" || c > "9") throw new Error("class of non-digits");
    return Number(c);
  }

  private quantified(node: Node): Node {
    if (this.src[this.i] === "?") {
      this.i++;
      return { kind: "optional", node };
    }
    const m = /^\{(\d+)\}/.exec(this.src.slice(this.i));
    if (!m) return node;
    this.i += m[0].length;
    return { kind: "repeat", node, times: Number(m[1]) };
  }
}

/** A Thompson automaton: per state, digit-labelled edges (10-bit masks) and empty moves. */
class Automaton {
  readonly edges: { mask: number; to: number }[][] = [];
  readonly empty: number[][] = [];

  state(): number {
    this.edges.push([]);
    this.empty.push([]);
    return this.edges.length - 1;
  }

  /** Builds `node` between two new states; answers [start, end]. */
  build(node: Node): [number, number] {
    const start = this.state();
    let end = start;
    const link = (from: number, frag: [number, number]) => {
      this.empty[from]!.push(frag[0]);
      return frag[1];
    };
    switch (node.kind) {
      case "set": {
        end = this.state();
        this.edges[start]!.push({ mask: node.mask, to: end });
        break;
      }
      case "seq":
        for (const item of node.items) end = link(end, this.build(item));
        break;
      case "repeat":
        for (let k = 0; k < node.times; k++) end = link(end, this.build(node.node));
        break;
      case "optional": {
        const inner = link(start, this.build(node.node));
        end = this.state();
        this.empty[inner]!.push(end);
        this.empty[start]!.push(end);
        break;
      }
      case "alt": {
        end = this.state();
        for (const option of node.options) this.empty[link(start, this.build(option))]!.push(end);
        break;
      }
    }
    return [start, end];
  }

  closure(states: Iterable<number>): number[] {
    const seen = new Set<number>();
    const stack = [...states];
    while (stack.length) {
      const s = stack.pop()!;
      if (seen.has(s)) continue;
      seen.add(s);
      stack.push(...this.empty[s]!);
    }
    return [...seen].sort((a, b) => a - b);
  }

  step(states: readonly number[], digit: number): number[] {
    const next: number[] = [];
    for (const s of states) for (const e of this.edges[s]!) if (e.mask & (1 << digit)) next.push(e.to);
    return this.closure(next);
  }
}

const ALL = 1;
const NONE = 2;
const MIXED = 3;

/**
 * The least k such that, among strings of `length` digits, whether the pattern matches is decided by the first k
 * digits. `prefix`: the pattern need only match a beginning (libphonenumber's leading-digits patterns); otherwise
 * it must match the whole string. Null when the pattern is outside the supported dialect.
 */
export function decidingDigits(pattern: string, length: number, prefix = false): number | null {
  let root: Node;
  try {
    root = new Parser(pattern).parse();
  } catch {
    return null;
  }
  const a = new Automaton();
  const [start, accept] = a.build(root);
  const memo = new Map<string, { verdict: number; deepest: number }>();
  // verdict over all completions of `rest` digits, and the deepest position where it was still undecided.
  const visit = (states: readonly number[], rest: number): { verdict: number; deepest: number } => {
    const accepting = states.includes(accept);
    if (states.length === 0) return { verdict: NONE, deepest: -1 };
    if (rest === 0 || (prefix && accepting)) return { verdict: accepting ? ALL : NONE, deepest: -1 };
    const key = `${rest}:${states.join(",")}`;
    const known = memo.get(key);
    if (known) return known;
    let seen = 0;
    let deepest = -1;
    for (let d = 0; d <= 9; d++) {
      const child = visit(a.step(states, d), rest - 1);
      seen |= child.verdict;
      deepest = Math.max(deepest, child.deepest);
    }
    const verdict = seen === ALL ? ALL : seen === NONE ? NONE : MIXED;
    if (verdict === MIXED) deepest = Math.max(deepest, length - rest);
    const result = { verdict, deepest };
    memo.set(key, result);
    return result;
  };
  return visit(a.closure([start]), length).deepest + 1;
}
