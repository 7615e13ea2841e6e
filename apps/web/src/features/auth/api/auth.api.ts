import type {
  ChangePasswordRequest,
  ForgotPasswordResponse,
  MessageResponse,
  ResetPasswordRequest,
  SignInRequest,
  SignInResponse,
  SignUpRequest,
  SignUpResponse,
  VerifyResetCodeRequest,
} from "@leadflow/contracts";
import { useMutation } from "@tanstack/react-query";
import { addAccount } from "../../../lib/accounts";
import { api } from "../../../lib/api-client";
import { setLanguage } from "../../../lib/i18n";

/** Sign-in never sends a token: it adds an account to this browser's list. */
export async function signInAndRemember(body: SignInRequest) {
  const res = await api.post<SignInResponse>("/signin", body, { token: null });
  const account = addAccount(res);
  setLanguage(res.user.language);
  return { res, account };
}

export function useSignIn() {
  return useMutation({ mutationFn: signInAndRemember });
}

export function useSignUp() {
  return useMutation({ mutationFn: (body: SignUpRequest) => api.post<SignUpResponse>("/signup", body, { token: null }) });
}

export function useRequestResetCode() {
  return useMutation({ mutationFn: (email: string) => api.post<ForgotPasswordResponse>("/password/email", { email }, { token: null }) });
}

export function useVerifyResetCode() {
  return useMutation({
    mutationFn: (body: VerifyResetCodeRequest) =>
      api.post<{ is_completed?: boolean; message: string }>("/password/reset", body, { token: null }),
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: (body: ResetPasswordRequest) => api.post<MessageResponse>("/password/reset", body, { token: null }) });
}

export function useChangePassword(userId: number | undefined) {
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => api.post<MessageResponse>(`/user/${userId}/password/change`, body),
  });
}
