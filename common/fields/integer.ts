import { registerFieldKind } from './fieldKind';
import { numberKind } from './decimal';

/** A whole number (a quantity, a count): PostgreSQL `integer`. */
export const integerField = registerFieldKind(numberKind({ name: 'integer', whole: true }));
