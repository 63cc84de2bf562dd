/** Query keys of the account area (TkDodo "Effective React Query Keys"). */
export const accountKeys = {
  all: ['accounts'] as const,
  homeInfos: () => [...accountKeys.all, 'home-infos'] as const,
  currentUserData: () => [...accountKeys.all, 'current-user-data'] as const,
};
