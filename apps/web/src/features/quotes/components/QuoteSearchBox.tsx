import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Loader, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { parseQuoteSearch } from '@cc/domain';
import { quoteQuery } from '../api/quote';
import { quotesPath } from '../model';

/**
 * The header's quote search box (administration.md, header and menu): Enter opens All Quotes filtered by what
 * was typed, on every status. The number of an order in the user's scope opens that order directly; any other
 * number is a customer number.
 */
export function QuoteSearchBox() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = parseQuoteSearch(text);
    if (!answer.ok) {
      setError(`Enter ${answer.message.replace(/^enter /, '')}`);
      return;
    }
    setError(null);
    const q = text.trim();
    let order: number | null = null;
    if (answer.search?.kind === 'number') {
      setBusy(true);
      try {
        order = (await queryClient.fetchQuery(quoteQuery(answer.search.value))).id;
      } catch {
        // Not an order the user can see (404): the list searches it as an order or customer number.
      } finally {
        setBusy(false);
      }
    }
    setText('');
    void navigate(answer.search ? quotesPath({ status: 'all', q, order }) : quotesPath());
  };

  return (
    <form role="search" aria-label="Quote search" onSubmit={(e) => void submit(e)}>
      <Tooltip label={error} opened={error !== null} position="bottom-start" withArrow color="red.9" multiline w={260}>
        <TextInput
          aria-label="Quote search"
          placeholder="Quote search"
          size="sm"
          w={{ base: 150, xl: 230 }}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setError(null);
          }}
          onBlur={() => setError(null)}
          error={error !== null}
          aria-invalid={error !== null}
          aria-describedby={error !== null ? 'quote-search-error' : undefined}
          leftSection={busy ? <Loader size={14} /> : <IconSearch size={16} />}
          data-testid="quote-search"
        />
      </Tooltip>
      {error !== null ? <VisuallyHidden id="quote-search-error">{error}</VisuallyHidden> : null}
    </form>
  );
}
