import { useMutation } from '@tanstack/react-query';
import type { PasswordUpdateRequest, ProfileUpdateRequest } from '@cc/contract';
import { api } from '../../../lib/api';
import { session } from '../../../lib/session';

export const useUpdateProfile = (userId: number) =>
  useMutation({
    mutationFn: (body: ProfileUpdateRequest) => api('updateProfile', { params: { UserId: userId }, body }),
    onSuccess: (user) => session.updateUser(user),
  });

export const useUpdatePassword = (userId: number) =>
  useMutation({
    mutationFn: (body: PasswordUpdateRequest) => api('updatePassword', { params: { UserId: userId }, body }),
  });
