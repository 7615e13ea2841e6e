import type { GatewaySenderOptions } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { labelOf, nameAfterSenderChange, senderChoices, senderDisplay, senderKey, toSenderInput, typedName } from "./sender";

const twilio: GatewaySenderOptions = {
  id: 7,
  name: "Twilio",
  type: "gateway1",
  type_alias: "Twilio",
  active: true,
  default: false,
  from: [{ key: "+12125550100", label: "+12125550100" }],
  pools: [{ key: "MG1", label: "Marketing (MG1)" }],
};

describe("sender options", () => {
  it("offers the gateway's phones or pools by type", () => {
    expect(senderChoices(twilio, "phone", "")).toEqual({ options: twilio.from, missing: null });
    expect(senderChoices(twilio, "pool", "MG1")).toEqual({ options: twilio.pools, missing: null });
    expect(senderChoices(undefined, "phone", "")).toEqual({ options: [], missing: null });
  });

  it("keeps a saved sender the gateway no longer has, marked missing", () => {
    expect(senderChoices(twilio, "phone", "+19995550000").missing).toBe("+19995550000");
    // A pool id is not a phone.
    expect(senderChoices(twilio, "phone", "MG1").missing).toBe("MG1");
  });

  it("labels a sender by its option", () => {
    expect(labelOf(twilio, "pool", "MG1")).toBe("Marketing (MG1)");
    expect(labelOf(twilio, "pool", "MG2")).toBeUndefined();
  });

  it("encodes a sender as gateway, type and key", () => {
    const a = senderKey({ gateway_id: 7, sender_type: "phone", sender: " +12125550100 " });
    expect(a).toBe("7:phone:+12125550100");
    expect(a).not.toBe(senderKey({ gateway_id: 7, sender_type: "pool", sender: "+12125550100" }));
    expect(a).not.toBe(senderKey({ gateway_id: 8, sender_type: "phone", sender: "+12125550100" }));
  });

  it("drops a name that was only the old sender's label, keeps a typed one", () => {
    expect(nameAfterSenderChange("Marketing (MG1)", "Marketing (MG1)")).toBe("");
    expect(nameAfterSenderChange("Evening line", "Marketing (MG1)")).toBe("Evening line");
    expect(nameAfterSenderChange("  ", undefined)).toBe("");
  });

  it("sends trimmed values and a numeric gateway", () => {
    expect(toSenderInput({ gateway_id: 7, sender_type: "pool", sender: " MG1 ", sender_name: " M " })).toEqual({
      gateway_id: 7,
      sender_type: "pool",
      sender: "MG1",
      sender_name: "M",
    });
  });

  it("shows a saved sender by its name, with the key unless the name has it", () => {
    expect(senderDisplay({ sender: "+12015550101", sender_name: "+12015550101" })).toBe("+12015550101");
    expect(senderDisplay({ sender: "+12015550101", sender_name: "" })).toBe("+12015550101");
    expect(senderDisplay({ sender: "MG1", sender_name: "Marketing (MG1)" })).toBe("Marketing (MG1)");
    expect(senderDisplay({ sender: "+12015550102", sender_name: "AT&T line" })).toBe("AT&T line (+12015550102)");
  });

  it("edits a saved name that is only its sender's label as empty, and keeps a name someone typed", () => {
    const saved = (sender: string, sender_name: string, sender_type: "phone" | "pool" = "phone") => ({
      gateway_id: 7,
      sender_type,
      sender,
      sender_name,
    });
    expect(typedName(saved("+12125550100", "+12125550100"), [twilio])).toBe("");
    expect(typedName(saved("MG1", "Marketing (MG1)", "pool"), [twilio])).toBe("");
    // Without the gateway (switched off since) only the key itself is known to be no name.
    expect(typedName(saved("MG1", "Marketing (MG1)", "pool"), [])).toBe("Marketing (MG1)");
    expect(typedName(saved("+12125550100", "Main line"), [twilio])).toBe("Main line");
  });
});
