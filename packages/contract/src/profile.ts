import { z } from './zod.js';
import { IdParam, line, secret } from './common.js';

export const ProfileUpdateRequest = z.object({
  FirstName: line(100).min(1, 'First name is required.'),
  LastName: line(100).min(1, 'Last name is required.'),
  Email: z.union([z.literal(''), z.email('Enter a valid email address.').max(200)]),
});
export type ProfileUpdateRequest = z.infer<typeof ProfileUpdateRequest>;

export const PasswordUpdateRequest = z.object({
  currentPassword: secret(200).min(1, 'Enter your current password.'),
  password: secret(200),
  confirmPassword: secret(200),
});
export type PasswordUpdateRequest = z.infer<typeof PasswordUpdateRequest>;

export const UserIdParams = z.object({ UserId: IdParam });
