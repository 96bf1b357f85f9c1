import { campaignImportJob } from './campaign-import';
import type { JobDefinition } from './job';
import { mailSendJob } from './mail-send';

/** Every kind of background job the api runs. */
export const JOBS: readonly JobDefinition<unknown>[] = [campaignImportJob, mailSendJob];
