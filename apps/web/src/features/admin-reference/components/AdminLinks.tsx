import { Link } from 'react-router';
import { Button } from '@mantine/core';
import { IconDatabaseCog, IconHistory } from '@tabler/icons-react';
import { mayEnter } from '../../../lib/access';
import { useSession } from '../../../lib/session';
import { AUDIT_PATH, REFERENCE_PATH } from '../model';

/** The administrators' way from the user screens to the reference data and the audit log; nothing for anyone else. */
export function AdminLinks() {
  const current = useSession();
  if (!mayEnter('adminReference', current?.user ?? null)) return null;
  return (
    <>
      <Button component={Link} to={REFERENCE_PATH} variant="default" leftSection={<IconDatabaseCog size={16} />}>
        Reference data
      </Button>
      <Button component={Link} to={AUDIT_PATH} variant="default" leftSection={<IconHistory size={16} />}>
        Audit log
      </Button>
    </>
  );
}
