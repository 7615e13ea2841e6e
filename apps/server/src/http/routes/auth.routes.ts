import {
  ChangePasswordRequest,
  ForgotPasswordRequest,
  ForgotPasswordResponse,
  IdParam,
  MessageResponse,
  PasswordResetRequest,
  PasswordResetResponse,
  SignInRequest,
  SignInResponse,
  SignUpRequest,
  SignUpResponse,
  UpdateProfileRequest,
  User,
} from "@leadflow/contracts";
import {
  changePassword,
  getMe,
  hitRateLimit,
  requestPasswordReset,
  resetPassword,
  revokeToken,
  signIn,
  signUp,
  updateProfile,
  verifyResetCode,
} from "@leadflow/domain";
import type { FastifyRequest } from "fastify";
import type { App, AppDeps } from "../types";

const open = { config: { public: true } };

export async function authRoutes(app: App, { database, config, jobs }: AppDeps) {
  const db = database.db;
  /** Per client address and per email, so neither one address nor one account can be hammered. */
  const limit = async (req: FastifyRequest, action: string, email?: string) => {
    await hitRateLimit(db, `${action}:ip:${req.ip}`, config.authRate);
    if (email) await hitRateLimit(db, `${action}:email:${email.toLowerCase()}`, config.authRate);
  };

  app.post("/api/signup", { ...open, schema: { body: SignUpRequest, response: { 201: SignUpResponse } } }, async (req, reply) => {
    await limit(req, "signup");
    return reply.status(201).send(await signUp(db, req.body));
  });

  app.post("/api/signin", { ...open, schema: { body: SignInRequest, response: { 200: SignInResponse } } }, async (req) => {
    await limit(req, "signin", req.body.email);
    return signIn(db, req.body, { tokenTtlSeconds: config.tokenTtlSeconds, supportEmail: config.supportEmail });
  });

  app.post(
    "/api/password/email",
    { ...open, schema: { body: ForgotPasswordRequest, response: { 200: ForgotPasswordResponse } } },
    async (req) => {
      await limit(req, "reset", req.body.email);
      const { token } = await requestPasswordReset(db, jobs, req.body.email, { appUrl: config.appUrl });
      return { token, message: "If this email belongs to an account, we have sent a confirmation code to it." };
    },
  );

  app.post(
    "/api/password/reset",
    { ...open, schema: { body: PasswordResetRequest, response: { 200: PasswordResetResponse } } },
    async (req) => {
      const body = req.body;
      await limit(req, "reset-confirm", "email" in body ? body.email : undefined);
      if ("password" in body) {
        await resetPassword(db, body);
        return { message: "Your password has been reset. You can sign in now.", is_completed: true };
      }
      await verifyResetCode(db, body.token, body.code);
      return { is_completed: true, message: "The code is correct. Choose a new password." };
    },
  );

  app.get("/api/user", { schema: { response: { 200: User } } }, (req) => getMe(db, req.auth));
  app.put("/api/user/profile", { schema: { body: UpdateProfileRequest, response: { 200: User } } }, (req) =>
    updateProfile(db, req.auth, req.body),
  );
  app.post(
    "/api/user/:id/password/change",
    { schema: { params: IdParam, body: ChangePasswordRequest, response: { 200: MessageResponse } } },
    async (req) => {
      await changePassword(db, req.auth, req.params.id, req.body);
      return { message: "Password updated successfully!" };
    },
  );
  app.post("/api/logout", { schema: { response: { 200: MessageResponse } } }, async (req) => {
    await revokeToken(db, req.auth.tokenId);
    return { message: "Logged out." };
  });
}
