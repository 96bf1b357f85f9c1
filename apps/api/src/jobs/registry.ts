import { campaignImportJob } from './campaign-import';
import type { JobDefinition } from './job';

/** Every kind of background job the api runs. */
export const JOBS: readonly JobDefinition<unknown>[] = [campaignImportJob];
