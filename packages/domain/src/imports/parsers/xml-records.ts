import { nthName } from "./headings";

/** One record as field names (unique within the record, in document order) and trimmed values. */
export interface XmlRecord {
  keys: string[];
  values: string[];
}

type Attrs = Record<string, string>;
type Ev = { open: string; attrs: Attrs } | { text: string } | { close: true };

interface TopChild {
  name: string;
  structured: boolean;
  attrs: number;
  text: boolean;
  children: string[];
  childStructured: boolean[];
}

const DETECT_EVENTS = 200_000;
const DETECT_CHARS = 4 * 1024 * 1024;

/**
 * Finds the record elements in a bounded prefix of the document, then streams records.
 *
 * The rule, in order (names without namespace prefix; "structured" = has attributes or child elements):
 * 1. A name that repeats among the root's children, when it is structured or all those children share it:
 *    `<leads><lead>…</lead><lead>…</lead></leads>`, `<phones><phone>1</phone><phone>2</phone></phones>`.
 * 2. Else, one level deeper, a name that repeats (on the same terms) among the children of a child of the root:
 *    `<response><status/><items><item>…</item><item>…</item></items></response>`.
 * 3. Else the root's first structured child is the one record — or, when it only wraps a single structured
 *    element, that element is (`<root><items><item a="1"/></items></root>`).
 * 4. Else the root itself is the one record (`<lead><name>…</name><phone>…</phone></lead>`); an empty root has none.
 * The prefix ends at the second same-named child of the root, at the end of the document, or after 200,000 events /
 * 4 MB of text, whichever comes first, so detection never holds more than that.
 *
 * Inside a record: its attributes and its leaf child elements become fields named by their name; nested elements
 * become dotted paths ("address.city") and their attributes "phone.type"; a repeated name within one record gets
 * "phone (2)". A leaf record (`<phone>555</phone>`) is one field named like the element.
 */
export class XmlRecordCollector {
  private path: string[] | null = null;
  private readonly buffered: Ev[] = [];
  private bufferedChars = 0;
  private depth = 0;
  private readonly top: TopChild[] = [];
  private readonly topByName = new Map<string, TopChild>();
  private rootSeen = false;
  private foundAny = false;

  private readonly stack: string[] = [];
  private record: RecordBuilder | null = null;
  private recordDepth = 0;

  constructor(private readonly emit: (record: XmlRecord) => void) {}

  open(name: string, attrs: Attrs): void {
    if (this.path) {
      this.streamOpen(localName(name), attrs);
      return;
    }
    this.rootSeen = true;
    const local = localName(name);
    this.depth++;
    if (this.depth === 2) {
      const repeatOf = this.topByName.get(local);
      const child: TopChild = {
        name: local,
        structured: Object.keys(attrs).length > 0,
        attrs: Object.keys(attrs).length,
        text: false,
        children: [],
        childStructured: [],
      };
      this.top.push(child);
      if (!repeatOf) this.topByName.set(local, child);
      if (repeatOf && (repeatOf.structured || this.topByName.size === 1)) {
        this.depth--;
        this.decide({ open: name, attrs }, [local]);
        return;
      }
    } else if (this.depth === 3) {
      const parent = this.top.at(-1)!;
      parent.structured = true;
      parent.children.push(local);
      parent.childStructured.push(Object.keys(attrs).length > 0);
    } else if (this.depth === 4) {
      const parent = this.top.at(-1)!;
      parent.childStructured[parent.childStructured.length - 1] = true;
    }
    this.buffer({ open: name, attrs });
  }

  text(text: string): void {
    if (this.path) {
      this.record?.text(text);
      return;
    }
    if (this.depth === 2 && text.trim() !== "") this.top.at(-1)!.text = true;
    this.bufferedChars += text.length;
    this.buffer({ text });
  }

  close(): void {
    if (this.path) {
      this.streamClose();
      return;
    }
    this.depth--;
    this.buffer({ close: true });
    if (this.depth === 0 && !this.path) this.decide(null, null);
  }

  /** At the end of the document; false when no record was found. */
  finish(): boolean {
    if (!this.path && this.rootSeen) this.decide(null, null);
    return this.foundAny;
  }

  private buffer(ev: Ev): void {
    this.buffered.push(ev);
    if (this.buffered.length > DETECT_EVENTS || this.bufferedChars > DETECT_CHARS) this.decide(null, null);
  }

  private decide(next: Ev | null, path: string[] | null): void {
    this.path = path ?? this.choosePath();
    const events = this.buffered.splice(0);
    if (next) events.push(next);
    for (const ev of events) {
      if ("open" in ev) this.streamOpen(localName(ev.open), ev.attrs);
      else if ("text" in ev) this.record?.text(ev.text);
      else this.streamClose();
    }
  }

  private choosePath(): string[] {
    const top = this.top;
    // An element name can never contain NUL: an empty root matches no record at all.
    if (top.length === 0) return ["\0"];
    for (const t of top) {
      const name = firstRepeated(t);
      if (name !== null) return [t.name, name];
    }
    const first = top.find((t) => t.structured);
    if (first) {
      const wrapsOne = first.attrs === 0 && !first.text && first.children.length === 1 && first.childStructured[0];
      return wrapsOne ? [first.name, first.children[0]!] : [first.name];
    }
    return [];
  }

  private streamOpen(local: string, attrs: Attrs): void {
    this.stack.push(local);
    if (this.record) {
      this.record.open(local, attrs);
      return;
    }
    const path = this.path!;
    if (this.stack.length !== path.length + 1) return;
    for (let i = 0; i < path.length; i++) if (this.stack[i + 1] !== path[i]) return;
    this.record = new RecordBuilder(local, attrs);
    this.recordDepth = this.stack.length;
  }

  private streamClose(): void {
    if (this.record && this.stack.length === this.recordDepth) {
      this.foundAny = true;
      this.emit(this.record.finish());
      this.record = null;
    } else {
      this.record?.close();
    }
    this.stack.pop();
  }
}

interface Frame {
  key: string;
  text: string;
  hasChildren: boolean;
  attrs: Attrs;
}

class RecordBuilder {
  private readonly keys: string[] = [];
  private readonly values: string[] = [];
  private readonly counts = new Map<string, number>();
  private readonly frames: Frame[];

  constructor(
    private readonly name: string,
    attrs: Attrs,
  ) {
    this.frames = [{ key: "", text: "", hasChildren: false, attrs }];
    this.addAttrs("", attrs);
  }

  open(local: string, attrs: Attrs): void {
    const parent = this.frames.at(-1)!;
    parent.hasChildren = true;
    const key = parent.key ? `${parent.key}.${local}` : local;
    this.frames.push({ key, text: "", hasChildren: false, attrs });
  }

  text(text: string): void {
    this.frames.at(-1)!.text += text;
  }

  close(): void {
    const frame = this.frames.pop()!;
    const text = frame.text.trim();
    if (!frame.hasChildren || text !== "") this.add(frame.key, text);
    this.addAttrs(frame.key, frame.attrs);
  }

  finish(): XmlRecord {
    const own = this.frames[0]!.text.trim();
    if (own !== "" || this.keys.length === 0) this.add(this.name, own);
    return { keys: this.keys, values: this.values };
  }

  private addAttrs(prefix: string, attrs: Attrs): void {
    for (const name in attrs) {
      if (name === "xmlns" || name.startsWith("xmlns:") || name.startsWith("xsi:")) continue;
      const local = localName(name);
      this.add(prefix ? `${prefix}.${local}` : local, attrs[name]!.trim());
    }
  }

  private add(key: string, value: string): void {
    const lower = key.toLowerCase();
    const n = (this.counts.get(lower) ?? 0) + 1;
    this.counts.set(lower, n);
    this.keys.push(nthName(key, n));
    this.values.push(value);
  }
}

/** The first child name of `t` that repeats and is structured (or is the only name there), else null. */
function firstRepeated(t: TopChild): string | null {
  const seen = new Map<string, { count: number; structured: boolean }>();
  t.children.forEach((name, k) => {
    const s = seen.get(name) ?? { count: 0, structured: false };
    s.count++;
    s.structured ||= t.childStructured[k]!;
    seen.set(name, s);
  });
  for (const [name, s] of seen) if (s.count > 1 && (s.structured || seen.size === 1)) return name;
  return null;
}

function localName(name: string): string {
  const colon = name.indexOf(":");
  return colon < 0 ? name : name.slice(colon + 1);
}
