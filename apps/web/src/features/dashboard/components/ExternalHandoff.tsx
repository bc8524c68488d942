import { useEffect, useRef, useState } from 'react';
import { Alert, Group, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { clientConfigQuery } from '../../../app/client-config';
import { api } from '../../../lib/api';

interface Service {
  name: string;
  link: 'wiki' | 'knowledgeBase';
  route: 'wikiHandoff' | 'knowledgeBaseHandoff';
}

const SERVICES: Record<string, Service> = {
  '/tikiwiki': { name: 'wiki', link: 'wiki', route: 'wikiHandoff' },
  '/pbknowledgebase': { name: 'knowledge base', link: 'knowledgeBase', route: 'knowledgeBaseHandoff' },
};

/** Whether a dashboard link is an outside service this installation has not configured (hidden then). */
export function useUnconfiguredService(): (url: string) => boolean {
  const { data } = useQuery(clientConfigQuery);
  return (url) => {
    const service = SERVICES[url];
    return service !== undefined && (!data || data.links[service.link] === null);
  };
}

/**
 * /tikiwiki and /pbknowledgebase on the dashboard (administration.md §2; decision 038): the server hands the sign-in
 * over (the wiki is told the token first), then the browser goes to the address it answers. A refusal or a failing
 * wiki is said here, never a blank page.
 */
export function ExternalHandoff({ path }: { path: string }) {
  const service = SERVICES[path];
  const { data: config } = useQuery(clientConfigQuery);
  const configured = service !== undefined && config !== undefined && config.links[service.link] !== null;
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (!service || !configured || started.current) return;
    started.current = true;
    api(service.route).then(
      ({ url }) => window.location.assign(url),
      (failure: unknown) =>
        setError(failure instanceof Error ? failure.message : `The ${service.name} could not be opened.`),
    );
  }, [service, configured]);

  if (!service || !config) return null;
  if (!configured) {
    return (
      <Alert color="yellow" icon={<IconInfoCircle size={18} />} title="Not configured">
        The {service.name} service is not configured for this installation, so it cannot be opened from here.
      </Alert>
    );
  }
  if (error) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title={`The ${service.name} could not be opened`}>
        {error}
      </Alert>
    );
  }
  return (
    <Group>
      <Loader size="sm" role="status" aria-label={`Opening the ${service.name}`} />
      <Text>Opening the {service.name}…</Text>
    </Group>
  );
}
