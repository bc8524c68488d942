/**
 * The administrators' screens' paths, apart from the screens' model: the route table, in every page's first
 * download, needs only these (the model brings the contract's audit names and with them zod).
 */
export const REFERENCE_PATH = '/admin/reference';
export const AUDIT_PATH = '/admin/audit';
