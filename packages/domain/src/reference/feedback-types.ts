import type { LocalizedOption } from './localized';

/** Kinds of support messages (docs/product/accounts.md §3 "Feedback"); the first one is the form's default. */
export const FEEDBACK_TYPES = [
  { value: 'FEEDBACK_USER', fr: 'Avis utilisateur', en: 'User feedback' },
  { value: 'QUESTION', fr: 'Question', en: 'Question' },
  { value: 'OTHER', fr: 'Autre', en: 'Other' },
] as const satisfies readonly LocalizedOption[];

export type FeedbackType = (typeof FEEDBACK_TYPES)[number]['value'];
export const FEEDBACK_TYPE_VALUES = FEEDBACK_TYPES.map((type) => type.value) as [
  FeedbackType,
  ...FeedbackType[],
];
export const DEFAULT_FEEDBACK_TYPE: FeedbackType = 'FEEDBACK_USER';
