export { ConfigError, EXIT_CANNOT_START } from './errors';
export { readEnv, type Env } from './env';
export {
  parseTarget,
  planTarget,
  isProductionHost,
  type Target,
  type RmTarget,
  type V3Target,
  type RunControls,
  type TargetPlan,
} from './target';
export { EMBEDDED, embeddedUrls } from '../../contract/identity/embedded';
