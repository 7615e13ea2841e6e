/** How many staged batches the producer may run ahead of the merge. */
const AHEAD = 2;

/** Producer/consumer hand-off between staging and merging, with the first error stopping both sides. */
export class Pipe {
  private stagedUpTo: number;
  private mergedUpTo: number;
  private done = false;
  private error: unknown;
  private waiters: (() => void)[] = [];

  constructor(merged: number) {
    this.stagedUpTo = merged;
    this.mergedUpTo = merged;
  }

  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  private wait(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  check() {
    if (this.error !== undefined) throw this.error;
  }

  fail(e: unknown) {
    this.error ??= e;
    this.wake();
  }

  staged(batch: number) {
    this.stagedUpTo = batch;
    this.wake();
  }

  finish() {
    this.done = true;
    this.wake();
  }

  /** The producer waits until `batch` is at most AHEAD batches in front of the merge. */
  async room(batch: number): Promise<void> {
    while (batch - this.mergedUpTo > AHEAD) {
      this.check();
      await this.wait();
    }
    this.check();
  }

  /** The merger waits for `batch` to be staged; false when the file has no more. */
  async ready(batch: number): Promise<boolean> {
    this.mergedUpTo = batch - 1;
    this.wake();
    for (;;) {
      this.check();
      if (this.stagedUpTo >= batch) return true;
      if (this.done) return false;
      await this.wait();
    }
  }
}
