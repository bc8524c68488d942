import { z } from 'zod';

export const ProfileUpdateRequest = z.object({
  FirstName: z.string().trim().min(1, 'First name is required.').max(100),
  LastName: z.string().trim().min(1, 'Last name is required.').max(100),
  Email: z.union([z.literal(''), z.email('Enter a valid email address.').max(200)]),
});
export type ProfileUpdateRequest = z.infer<typeof ProfileUpdateRequest>;

export const PasswordUpdateRequest = z.object({
  currentPassword: z.string().min(1, 'Enter your current password.').max(200),
  password: z.string().max(200),
  confirmPassword: z.string().max(200),
});
export type PasswordUpdateRequest = z.infer<typeof PasswordUpdateRequest>;

export const UserIdParams = z.object({ UserId: z.coerce.number().int().positive() });
