import { z } from "zod";
import { ListQuery, pageOf, requiredString, text } from "./common";

// ── Settings → Spam Email Groups (/api/spam-email-groups) and Sender Email Groups (/api/sender-email-groups) ─────

export const EmailGroupLimits = { emails: 100, usernames: 200, fromName: 100, userName: 64 } as const;

const GroupName = requiredString("The name field is required.")
  .trim()
  .min(1, "The name field is required.")
  .max(191, "The name may not be greater than 191 characters.");

// Spam email groups: seed addresses an email campaign copies its messages to.

export const SpamEmail = z.object({ id: z.number().int(), email: z.string() });
export type SpamEmail = z.infer<typeof SpamEmail>;

export const SpamEmailGroup = z.object({ id: z.number().int(), name: z.string(), emails: z.array(SpamEmail) });
export type SpamEmailGroup = z.infer<typeof SpamEmailGroup>;
export const SpamEmailGroupPage = pageOf(SpamEmailGroup);
export type SpamEmailGroupPage = z.infer<typeof SpamEmailGroupPage>;
export const SpamEmailGroupSortKeys = ["name", "id"] as const;
export const ListSpamEmailGroupsQuery = ListQuery;
export type ListSpamEmailGroupsQuery = z.infer<typeof ListSpamEmailGroupsQuery>;

/**
 * The addresses as typed: the server checks and normalises each one (the contacts module's email rules) and
 * answers a bad one on `emails.N`, naming it. Duplicates (after normalising) are kept once.
 */
export const SaveSpamEmailGroup = z.object({
  name: GroupName,
  emails: z
    .array(text({ error: "Each email must be text." }).max(1024, "The email address is longer than 254 characters."), {
      error: "The emails field must be a list.",
    })
    .min(1, "Add at least one email.")
    .max(EmailGroupLimits.emails, `A group may have at most ${EmailGroupLimits.emails} emails.`),
});
export type SaveSpamEmailGroup = z.infer<typeof SaveSpamEmailGroup>;

export const SpamEmailGroupSaved = z.object({ message: z.string(), data: SpamEmailGroup });
export type SpamEmailGroupSaved = z.infer<typeof SpamEmailGroupSaved>;

// Sender email groups: the from names and mailboxes (local parts) an email step rotates through.

export const SenderEmailUsername = z.object({ id: z.number().int(), from_name: z.string(), user_name: z.string() });
export type SenderEmailUsername = z.infer<typeof SenderEmailUsername>;

export const SenderEmailGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  usernames: z.array(SenderEmailUsername),
  count: z.number().int(),
});
export type SenderEmailGroup = z.infer<typeof SenderEmailGroup>;
export const SenderEmailGroupPage = pageOf(SenderEmailGroup);
export type SenderEmailGroupPage = z.infer<typeof SenderEmailGroupPage>;
export const SenderEmailGroupSortKeys = ["name", "count", "id"] as const;
export const ListSenderEmailGroupsQuery = ListQuery;
export type ListSenderEmailGroupsQuery = z.infer<typeof ListSenderEmailGroupsQuery>;

/** A display name goes into the From header: one line, no control characters. */
export const SenderFromName = requiredString("The from name field is required.")
  .trim()
  .min(1, "The from name field is required.")
  .max(EmailGroupLimits.fromName, `The from name may not be greater than ${EmailGroupLimits.fromName} characters.`)
  .refine((s) => !/\p{Cc}/u.test(s), "The from name must be one line of text.");

/**
 * The part of the address before the @ (the sending domain comes from the email gateway). Lower-cased: mailboxes
 * match without regard to case, and the group's uniqueness must too. A dot-atom of ASCII letters, digits and . _ + -.
 */
export const SenderUserName = requiredString("The user name field is required.")
  .trim()
  .toLowerCase()
  .min(1, "The user name field is required.")
  .max(EmailGroupLimits.userName, `The user name may not be greater than ${EmailGroupLimits.userName} characters.`)
  .regex(/^[a-z0-9_+-]+(?:\.[a-z0-9_+-]+)*$/, "The user name may contain letters, digits and . _ + - (a dot not first, last or doubled).");

export const SaveSenderEmailUsername = z.object({ from_name: SenderFromName, user_name: SenderUserName });
export type SaveSenderEmailUsername = z.infer<typeof SaveSenderEmailUsername>;

export const SaveSenderEmailGroup = z.object({
  name: GroupName,
  usernames: z
    .array(SaveSenderEmailUsername, { error: "The usernames field must be a list." })
    .min(1, "Add at least one user name.")
    .max(EmailGroupLimits.usernames, `A group may have at most ${EmailGroupLimits.usernames} user names.`)
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((row, i) => {
        if (seen.has(row.user_name))
          ctx.addIssue({ code: "custom", path: [i, "user_name"], message: `The user name "${row.user_name}" is already in this group.` });
        seen.add(row.user_name);
      });
    }),
});
export type SaveSenderEmailGroup = z.infer<typeof SaveSenderEmailGroup>;

export const SenderEmailGroupSaved = z.object({ message: z.string(), data: SenderEmailGroup });
export type SenderEmailGroupSaved = z.infer<typeof SenderEmailGroupSaved>;

export const EmailGroupMessages = {
  spamCreated: "Spam email group created.",
  spamUpdated: "Spam email group updated.",
  spamDeleted: "Spam email group deleted.",
  senderCreated: "Sender email group created.",
  senderUpdated: "Sender email group updated.",
  senderDeleted: "Sender email group deleted.",
} as const;
