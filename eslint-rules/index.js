// @ts-check
/** The project's own lint rules, as one plugin ("local" in eslint.config.js). */
import boundaries from './module-boundaries.js';
import cycles from './module-cycles.js';

export default { rules: { ...boundaries.rules, ...cycles.rules } };
