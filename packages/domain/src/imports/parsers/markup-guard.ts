/**
 * SAX parsers hold a whole text node or tag in memory before reporting it. This watches the decoded text as it
 * goes in and fails once `max` characters pass without a '<' or a '>', so a 500 MB value (or a zip bomb's one
 * endless cell) is refused after `max` characters instead of being buffered.
 */
export class MarkupRunGuard {
  private sinceLt = 0;
  private sinceGt = 0;

  constructor(
    private readonly max: number,
    private readonly fail: () => Error,
  ) {}

  check(text: string): void {
    this.sinceLt = this.run(text, "<", this.sinceLt);
    this.sinceGt = this.run(text, ">", this.sinceGt);
  }

  private run(text: string, mark: string, before: number): number {
    let from = 0;
    let carried = before;
    for (;;) {
      const at = text.indexOf(mark, from);
      const gap = (at < 0 ? text.length : at) - from + carried;
      if (gap > this.max) throw this.fail();
      if (at < 0) return gap;
      carried = 0;
      from = at + 1;
      // Runs shorter than the limit cannot hide inside one chunk when the chunk itself is shorter.
      if (text.length - from <= this.max) {
        const last = text.lastIndexOf(mark);
        return text.length - last - 1;
      }
    }
  }
}
