// The answer check worker (lib/answer-check.ts, issue 17): the answers of the calls declared in
// answer-check-declarations.ts are checked here, off the page's main thread.
import { serveAnswerChecks, type AnswerCheckScope } from '@/lib/answer-check-worker';
import { answerCheckDeclarations } from './answer-check-declarations';

// The project's type library is the page's (DOM); in a worker `self` is the worker's scope.
serveAnswerChecks(self as unknown as AnswerCheckScope, answerCheckDeclarations);
