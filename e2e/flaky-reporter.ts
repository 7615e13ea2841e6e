import { relative } from "node:path";
import type { FullConfig, Reporter, Suite } from "@playwright/test/reporter";

/**
 * Names, at the end of the run, every flow that failed and then passed on its retry. CI retries once so a flake
 * does not fail the build, and this keeps it from passing unseen: one line per flake, easy to grep in the log.
 */
export default class FlakyReporter implements Reporter {
  private root: Suite | undefined;

  onBegin(_config: FullConfig, suite: Suite): void {
    this.root = suite;
  }

  onEnd(): void {
    for (const test of this.root?.allTests() ?? []) {
      if (test.outcome() !== "flaky") continue;
      console.log(`FLAKY: ${test.title} (${relative(process.cwd(), test.location.file)}:${test.location.line})`);
    }
  }
}
