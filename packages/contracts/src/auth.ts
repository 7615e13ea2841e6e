import { z } from "zod";
import { pageOf, requiredString } from "./common";
import { Industries, TeamRoles } from "./enums";

const password = requiredString("The password field is required.").min(8, "The password must be at least 8 characters.").max(200);
/** At least one special character and one number. */
export const StrongPassword = password
  .regex(/[0-9]/, "The password must contain at least one number.")
  .regex(/[^A-Za-z0-9]/, "The password must contain at least one special character.");

const confirmation = requiredString("The password confirmation field is required.");

export const Email = requiredString("The email field is required.")
  .trim()
  .toLowerCase()
  .max(254)
  .email("The email must be a valid email address.");
export const PhoneNumber = requiredString("Phone is required")
  .trim()
  .min(1, { error: "Phone is required", abort: true })
  .max(32)
  .regex(/^\+?[0-9 ()\-.]{7,}$/, "The phone number format is invalid.");

const industryIds = new Map(Object.entries(Industries).map(([id, name]) => [name.toLowerCase(), Number(id)]));
/** 1–8, or the industry's name ("Insurance"), which the form shows. */
const IndustryField = z.preprocess(
  (v) => (typeof v === "string" && industryIds.has(v.trim().toLowerCase()) ? industryIds.get(v.trim().toLowerCase()) : v),
  z.coerce
    .number({ error: "The industry field is required." })
    .int("The selected industry is invalid.")
    .min(1, "The industry field is required.")
    .max(8, "The selected industry is invalid."),
);

export const SignUpRequest = z
  .object({
    name: requiredString("The name field is required.").trim().min(1, "The name field is required.").max(120),
    email: Email,
    phone_number: PhoneNumber,
    industry: IndustryField,
    password: StrongPassword,
    password_confirmation: confirmation,
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ["password_confirmation"],
    message: "The password confirmation does not match.",
  });
export type SignUpRequest = z.infer<typeof SignUpRequest>;

export const SignInRequest = z.object({
  email: requiredString("The email field is required.").trim().toLowerCase().min(1, "The email field is required.").max(254),
  password: requiredString("The password field is required.").min(1, "The password field is required.").max(200),
});
export type SignInRequest = z.infer<typeof SignInRequest>;

export const User = z.object({
  id: z.number().int(),
  team_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  industry: z.number().int().nullable(),
  email_verified_at: z.string().nullable(),
  roles: z.array(z.enum(TeamRoles)),
  status: z.enum(["pending", "active", "blocked"]),
  language: z.string(),
  is_admin: z.boolean(),
  team: z.object({ id: z.number().int(), name: z.string() }),
  created_at: z.string(),
});
export type User = z.infer<typeof User>;

export const SignInResponse = z.object({
  access_token: z.string(),
  token_type: z.literal("Bearer"),
  expires_at: z.string(),
  expires_in: z.number().int(),
  user: User,
});
export type SignInResponse = z.infer<typeof SignInResponse>;

export const SignUpResponse = z.object({
  message: z.string(),
  pending: z.boolean(),
  user: User.optional(),
});
export type SignUpResponse = z.infer<typeof SignUpResponse>;

export const ForgotPasswordRequest = z.object({ email: Email });
export const ForgotPasswordResponse = z.object({ token: z.string(), message: z.string() });
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponse>;

const resetToken = requiredString("The token field is required.").min(1, "The token field is required.").max(200);

/** POST /password/reset has two shapes: verify the emailed code, or set the new password. */
export const VerifyResetCodeRequest = z.object({
  token: resetToken,
  code: requiredString("The code field is required.").trim().min(1, "The code field is required.").max(20),
});
export type VerifyResetCodeRequest = z.infer<typeof VerifyResetCodeRequest>;
export const ResetPasswordRequest = z
  .object({
    token: resetToken,
    email: Email,
    password: StrongPassword,
    password_confirmation: confirmation,
    code: z.string().trim().max(20).optional(),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ["password_confirmation"],
    message: "The password confirmation does not match.",
  });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

/**
 * A body with `password` is the last step, any other the code step. Picked by that key rather than by a
 * `z.union`, whose failure is one "Invalid input" with no field: here each field error is the step's own.
 */
export const PasswordResetRequest = z.unknown().transform((value, ctx): ResetPasswordRequest | VerifyResetCodeRequest => {
  const passwordStep = typeof value === "object" && value !== null && "password" in value;
  const result = passwordStep ? ResetPasswordRequest.safeParse(value) : VerifyResetCodeRequest.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
  return z.NEVER;
});
export const PasswordResetResponse = z.object({ is_completed: z.boolean().optional(), message: z.string() });

export const ChangePasswordRequest = z
  .object({
    current_password: requiredString("The old password is required.").min(1, "The old password is required."),
    password: StrongPassword,
    password_confirmation: confirmation,
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ["password_confirmation"],
    message: "The password confirmation does not match.",
  })
  .refine((v) => v.password !== v.current_password, {
    path: ["password"],
    message: "The new password must be different from the old one.",
  });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const UpdateProfileRequest = z.object({
  name: requiredString("Username is required").trim().min(1, "Username is required").max(120),
  phone_number: PhoneNumber,
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2}(-[A-Za-z]{2})?$/, "The language is invalid.")
    .optional(),
});
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;

export const InviteUserRequest = z.object({
  name: requiredString("The name field is required.").trim().min(1, "The name field is required.").max(120),
  email: Email,
  role: z.enum(TeamRoles),
});
export type InviteUserRequest = z.infer<typeof InviteUserRequest>;

export const UpdateTeamUserRequest = z.object({
  role: z.enum(TeamRoles).optional(),
  blocked: z.boolean().optional(),
});
export type UpdateTeamUserRequest = z.infer<typeof UpdateTeamUserRequest>;

export const TeamUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  role: z.enum(TeamRoles),
  status: z.enum(["pending", "active", "blocked"]),
  created_at: z.string(),
  last_seen_at: z.string().nullable(),
});
export type TeamUser = z.infer<typeof TeamUser>;
export const TeamUserPage = pageOf(TeamUser);
export type TeamUserPage = z.infer<typeof TeamUserPage>;

export const BroadcastAuthRequest = z.object({
  socket_id: z.string().regex(/^\d+\.\d+$/, "Invalid socket id"),
  channel_name: z.string().min(1).max(200),
});
/** Pusher's subscription signature; pusher-js hands `channel_data` back unread when it subscribes. */
export const BroadcastAuthResponse = z.object({ auth: z.string(), channel_data: z.string() });
export type BroadcastAuthResponse = z.infer<typeof BroadcastAuthResponse>;
