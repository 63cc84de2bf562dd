/**
 * The only parts of the error-reporting SDK the app uses, named so the bundler leaves the rest
 * (session replay, feedback widget…) out of the chunk that error-reporting.ts loads on demand.
 */
export {
  browserTracingIntegration,
  captureException,
  captureFeedback,
  init,
} from '@sentry/browser';
