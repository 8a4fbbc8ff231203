import { registerFieldKind } from './fieldKind';
import { numberKind } from './decimal';

/** An amount of money: two places, not below 0 unless the declaration says, the currency as its unit ('EUR'). */
export const moneyField = registerFieldKind(numberKind({ name: 'money', whole: false, defaults: { scale: 2, min: 0 } }));
