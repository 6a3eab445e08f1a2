export { CheckError, checksInMessage } from './check-error';
export * from './http-checks';
export { expectDocumented, type DocumentedOptions } from './documented';
export { CHECK_NAMES, isCheckName, type CheckName } from './names';
