/**
 * Limits of a saved search (an alert), apart from its schemas: the web's create dialog needs the
 * name's length without zod (issue 17: the search screen's first load).
 */
export const SAVED_SEARCH_NAME_MAX_LENGTH = 100;
