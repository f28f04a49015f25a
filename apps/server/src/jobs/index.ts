import type { FastifyInstance } from 'fastify';
import { envelopeReleaseJob } from './envelope-release.ts';
import { fileImportSweepJob } from './file-import-sweep.ts';
import { liveDrawJob } from './live-draw.ts';
import { oplogRetentionJob } from './oplog-retention.ts';
import { paymentNotifyJob } from './payment-notify.ts';
import { paymentProfitDailyJob } from './payment-profit-daily.ts';
import { reconcileDailyJob } from './reconcile-daily.ts';
import { reportRollupJob } from './report-rollup.ts';
import { sessionCheckpointJob } from './session-checkpoint.ts';
import { shiftAutoHandoverJob } from './shift-auto-handover.ts';
import { smsDispatchJob } from './sms-dispatch.ts';

/**
 * The app's recurring jobs (docs/decisions/197): each adds itself to `app.jobs` (lib/job-runner.ts) with a
 * name, a Chinese title, its interval and its pass. A new job is one file here and one line below; jobs
 * that belong to a module (venue's reservation expiry, file-import's resume) add themselves from there.
 */
export const JOBS: ReadonlyArray<(app: FastifyInstance) => void> = [
  oplogRetentionJob,
  sessionCheckpointJob,
  shiftAutoHandoverJob,
  reportRollupJob,
  paymentNotifyJob,
  reconcileDailyJob,
  paymentProfitDailyJob,
  liveDrawJob,
  envelopeReleaseJob,
  smsDispatchJob,
  fileImportSweepJob,
];
