/** Query keys of the sign-in area (TkDodo "Effective React Query Keys"). */
export const authKeys = {
  all: ['auth'] as const,
  resetToken: (token: string, userId: string) =>
    [...authKeys.all, 'reset-token', token, userId] as const,
  departments: () => [...authKeys.all, 'departments'] as const,
  environmentLinks: () => [...authKeys.all, 'environment-links'] as const,
};
