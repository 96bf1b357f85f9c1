import type { z } from 'zod';
import type {
  changePasswordBody,
  confirmBody,
  emailBody,
  loginBody,
  providersResponse,
  resetPasswordBody,
} from './auth';
import type { message } from './common';

/** Request and response types of the auth endpoints, inferred from the schemas in auth.ts and common.ts. */
export type LoginBody = z.infer<typeof loginBody>;
export type ConfirmBody = z.infer<typeof confirmBody>;
export type EmailBody = z.infer<typeof emailBody>;
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
export type ProvidersResponse = z.infer<typeof providersResponse>;
/** `{ message }`: the answer of sign-up, confirm, resend-code, forgot/reset/change password and logout. */
export type MessageResponse = z.infer<typeof message>;
