/**
 * A TextInput `parse` that keeps '' as ''. react-admin turns an emptied input into null, which
 * the common/ schemas refuse for text fields (description, email…) that may be empty but not null.
 */
export const keepText = (value: string) => value;
