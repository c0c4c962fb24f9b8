/**
 * Every test switch a store install has ever been offered, each set to what a test would ask for:
 * the one tuning item (`local:devTuning`, lib/dev-tuning.ts) and the seven `local:test*` items the
 * store build obeyed before it (commit c9c38dc). A store install must obey none of them.
 */
export const EVERY_TEST_SWITCH = {
  devTuning: {
    pollPeriodSeconds: 5,
    ignoreIdle: true,
    requestTimeoutMs: 500,
    marksReadsPerSecond: 5,
    retryBackoffScale: 0.1,
    marksReaskAfterMs: 500,
    translateAllPaceMs: 250,
    otherAccountsIntervalSeconds: 5,
    notifierPeriodSeconds: 10,
  },
  testPollPeriodSeconds: 5,
  testIgnoreIdle: true,
  testRequestTimeoutMs: 500,
  testMarksReadsPerSecond: 5,
  testRetryBackoffScale: 0.1,
  testMarksReaskAfterMs: 500,
  testTranslateAllPaceMs: 250,
} as const;
