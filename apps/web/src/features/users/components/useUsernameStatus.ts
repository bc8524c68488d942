import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { usernameProblem } from '@cc/domain';
import { userAdminKeys, usernameExists } from '../api/users';
import type { UsernameStatus } from './AccountSection';

/** Is the name free? Asked once the typing pauses, of names that pass the §5 rules and differ from the user's own. */
export function useUsernameStatus(username: string, userId: number, original: string | null): UsernameStatus {
  const typed = username.trim();
  const [debounced] = useDebouncedValue(typed, 400);
  const relevant = debounced !== '' && debounced !== original && usernameProblem(debounced) === null;
  const check = useQuery({
    queryKey: [...userAdminKeys.root, 'username-exists', userId, debounced] as const,
    queryFn: ({ signal }) => usernameExists(userId, debounced, signal),
    enabled: relevant,
    staleTime: 0,
    retry: false,
  });
  if (typed === '' || typed === original || usernameProblem(typed) !== null) return 'idle';
  if (debounced !== typed || check.isFetching || !check.data) return 'checking';
  return check.data.exists ? 'taken' : 'free';
}
