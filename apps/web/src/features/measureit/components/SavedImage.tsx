/**
 * The saved measurement's static image (ImagePath: the static-maps provider's 525x375 picture of the shapes, built by
 * the server when the measurement was saved; administration.md §3, §9). Shown where a measurement is opened, at its
 * own proportions, saying so while it loads and when the provider does not answer.
 */
import { useState } from 'react';
import { Box, Loader, Paper, Text, Title } from '@mantine/core';
import { STATIC_MAP_HEIGHT, STATIC_MAP_WIDTH } from '@cc/domain';

/** `title` null: no heading of its own, where the dialog it is shown in is titled already. */
export function SavedImage({ url, of, title = 'Saved image' }: { url: string; of: string; title?: string | null }) {
  const [state, setState] = useState<'loading' | 'shown' | 'failed'>('loading');
  return (
    <Paper withBorder p="sm" data-testid="measure-saved-image">
      {title === null ? null : (
        <Title order={2} size="h5" mb="xs">
          {title}
        </Title>
      )}
      {state === 'failed' ? (
        <Text size="sm" c="gray.7">
          The saved image could not be loaded from the maps service.
        </Text>
      ) : (
        <Box pos="relative" style={{ aspectRatio: `${STATIC_MAP_WIDTH} / ${STATIC_MAP_HEIGHT}` }}>
          {state === 'loading' ? (
            <Loader size="sm" role="status" aria-label="Loading the saved image" pos="absolute" top={8} left={8} />
          ) : null}
          <img
            src={url}
            alt={`The saved measurement of ${of}`}
            width={STATIC_MAP_WIDTH}
            height={STATIC_MAP_HEIGHT}
            loading="lazy"
            referrerPolicy="no-referrer"
            onLoad={() => setState('shown')}
            onError={() => setState('failed')}
            style={{ width: '100%', height: 'auto', display: 'block', borderRadius: 4 }}
          />
        </Box>
      )}
    </Paper>
  );
}
