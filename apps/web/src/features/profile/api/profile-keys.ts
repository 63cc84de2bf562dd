/** Query keys of the profile area. */
export const profileKeys = {
  all: ['profile'] as const,
  profile: () => [...profileKeys.all, 'me'] as const,
  departments: () => [...profileKeys.all, 'departments'] as const,
  professions: () => [...profileKeys.all, 'professions'] as const,
};
