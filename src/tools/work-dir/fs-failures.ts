/** Failures the inside-fs ops raise themselves, shaped like Node's (a `code` the result texts show). */
const failure = (code: string, message: string) => Object.assign(new Error(message), { code });

export const noEntry = () => failure('ENOENT', 'no such file or folder');
export const taken = () => failure('EEXIST', 'the destination exists');
/** A pipe, socket or device where a regular file is needed. */
export const notRegular = () => failure('NOT_REGULAR', 'not a regular file');
export const readOnly = () => failure('READ_ONLY', 'the file is read-only');
