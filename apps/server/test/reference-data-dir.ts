import path from 'node:path';

export const REFERENCE_DATA_DIR = path.resolve(import.meta.dirname, '../../../reference-data');
