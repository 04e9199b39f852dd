import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiError, call, client } from '../api-client.ts';
import { messages } from '../messages.ts';
import { forgetSession } from '../session.ts';

/**
 * "Keep my account": cancels the deletion the signed-in person asked for
 * (DELETE /people/{personId}/account-deletion), then reads the session again
 * so that every page stops saying it will be deleted. The same action on My
 * data and in the banner on every other page.
 */
export function useKeepAccount(personId: string) {
  const router = useRouter();
  const [keeping, setKeeping] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [kept, setKept] = useState(false);

  async function keep(): Promise<boolean> {
    setKeeping(true);
    setError(undefined);
    try {
      await call(client.people[':personId']['account-deletion'].$delete({ param: { personId } }));
      forgetSession();
      await router.invalidate();
      setKept(true);
      return true;
    } catch (e) {
      setError(e instanceof ApiError ? e.message : messages.errors.generic);
      return false;
    } finally {
      setKeeping(false);
    }
  }

  return { keep, keeping, error, kept };
}
