import type { Rule } from "@leadflow/contracts";
import { formatNumber } from "../../../lib/format";
import { t, tn } from "../../../lib/i18n";

/** The rule's params as the table says them: "30 minutes", "100 / min at 09:00 AM", "+10% while profit ≥ 20%, up to 300 / min". */
export function ruleParamsText(rule: Rule): string {
  switch (rule.type) {
    case 1:
      return tn("rules.params.minutes", rule.params.period, { count: formatNumber(rule.params.period) });
    case 2:
      return tn("rules.params.days", rule.params.period, { count: formatNumber(rule.params.period) });
    case 3:
      return tn("rules.params.hours", rule.params.period, { count: formatNumber(rule.params.period) });
    case 4: {
      const { frequency_count, frequency_period, reset_time } = rule.params;
      const count = formatNumber(frequency_count);
      // A period of 0 or 1 minute is "per minute": the unit frequencies are given in.
      return frequency_period > 1
        ? t("rules.params.resetPeriod", { count, period: formatNumber(frequency_period), time: reset_time })
        : t("rules.params.reset", { count, time: reset_time });
    }
    case 5:
      return t("rules.params.increase", {
        increase: formatNumber(rule.params.increase_percent),
        profit: formatNumber(rule.params.profit_percent),
        max: formatNumber(rule.params.max_frequency),
      });
  }
}
