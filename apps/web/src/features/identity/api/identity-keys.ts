/** Query keys of the identity area. */
export const identityKeys = {
  all: ['identity'] as const,
  validation: () => [...identityKeys.all, 'validation'] as const,
};
