// The answer check worker (lib/answer-check.ts, issue 17): the answers of the calls whose schemas
// are declared below are checked here, off the page's main thread. A feature's calls join by
// declaring their schemas with offThreadSchema and being listed here; an undeclared key is
// checked by the page itself.
import { discoveryAnswerSchemas } from '@/features/discovery/api/discovery-answer-schemas';
import { serveAnswerChecks, type AnswerCheckScope } from '@/lib/answer-check-worker';

// The project's type library is the page's (DOM); in a worker `self` is the worker's scope.
serveAnswerChecks(self as unknown as AnswerCheckScope, [discoveryAnswerSchemas]);
