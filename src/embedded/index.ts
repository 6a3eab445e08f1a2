/**
 * The one seam between the product and the embedded reference server (servers/reference/): what the
 * runner starts when no target is configured, and the sandbox command's help. Nothing else under src/
 * imports servers/ (layers.json).
 */
export { Behaviour } from '../../servers/reference/behaviour';
export { startReferenceServer, type ReferenceServer } from '../../servers/reference/server';
export { REFERENCE_HELP } from '../../servers/reference/usage';
