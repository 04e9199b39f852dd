/**
 * "My data", erasure over REST (api/my-data/account-deletion.ts): what deleting
 * the account takes with it, asking for the deletion, and keeping the account.
 */
import { Hono } from 'hono';
import {
  deletionRequestSchema,
  deletionSummarySchema,
  myDataMessages,
  myDataServerChanges,
} from '../../sync/my-data.ts';
import { answers } from '../answers.ts';
import { personRoute } from '../auth/caller.ts';
import { runChange } from '../change.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { deletionSummary } from '../my-data/account-deletion.ts';
import { valid } from '../validate.ts';
import { ownData } from './my-data.ts';

export function accountDeletionRoutes(deps: AppDeps) {
  const caller = personRoute(deps);
  const own = ownData(myDataMessages.onlyYourAccount);
  const path = '/';

  return (
    new Hono<AppEnv>()
      /** What deleting the account takes with it, and whether it is asked for already. */
      .get(
        path,
        answers(200, 'What deleting the account takes with it.', deletionSummarySchema),
        caller,
        own,
        async (c) => {
          c.header('cache-control', 'no-store');
          return c.json(await deletionSummary(deps, c.var.caller.personId));
        },
      )
      /**
       * Asks for the deletion: `{alsoDelete}` names exactly the people who
       * need a decision (nobody else could reach their library) whose
       * libraries go too; until each is decided, nothing is asked (409).
       */
      .post(
        path,
        answers(200, 'Asked for: what it takes with it, and when.', deletionSummarySchema),
        caller,
        own,
        valid('json', deletionRequestSchema),
        async (c) => {
          const { ctx, personId } = c.var.caller;
          const { alsoDelete } = c.req.valid('json');
          // Said by e-mail too (the change's server half).
          await runChange(deps, myDataServerChanges.askDeletion, ctx, { personId, alsoDelete });
          return c.json(await deletionSummary(deps, personId));
        },
      )
      /** Keeps the account: the deletion asked for is called off. */
      .delete(
        path,
        answers(200, 'Kept: nothing is asked for now.', deletionSummarySchema),
        caller,
        own,
        async (c) => {
          const { ctx, personId } = c.var.caller;
          await runChange(deps, myDataServerChanges.keepAccount, ctx, { personId });
          return c.json(await deletionSummary(deps, personId));
        },
      )
  );
}
