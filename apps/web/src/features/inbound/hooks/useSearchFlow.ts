import { useState } from 'react';
import { useModalsStack } from '@mantine/core';
import type { InboundCriteria, InboundSearchRequest, InboundSearchResponse } from '@cc/contract';
import { useValidateZipCode } from '../api/validateZipCode';
import type { AddCallPrefill } from '../components/AddCallDialog';
import type { useInboundSearch } from '../api/inboundSearch';

const ZIP = /^\d{5}(-?\d{4})?$/;
const EMPTY_PREFILL: AddCallPrefill = { firstname: '', lastname: '', phone: '', zip: '', franchise: null };

/** What the Add Call dialog starts with beside the criteria: the zip and phone searched, a franchise known. */
export interface SearchExtra {
  zip: string;
  phone: string;
  franchise?: AddCallPrefill['franchise'];
}

/** The dialogs a search can end in, stacked: one can open over another. */
export type SearchDialogs = ReturnType<typeof useModalsStack<'over-limit' | 'zip-not-serviced' | 'add-call'>>;

export interface SearchFlow {
  /** Search, and open what the answer calls for; the answer, or nothing when the search failed. */
  runSearch: (criteria: InboundCriteria, extra: SearchExtra) => Promise<InboundSearchResponse | undefined>;
  dialogs: SearchDialogs;
  overLimitTotal: number;
  prefill: AddCallPrefill;
  /** The search or its zip check failed. */
  error: Error | null;
  searching: boolean;
}

/**
 * A search from the search panel or a screen pop, and where it ends (call-handling.md §5, §8): the results; too many
 * matches, the refine alert; none, the zip-not-serviced alert when no branch in scope serves the zip searched, else
 * the Add Call dialog, on the franchise known or the one branch that serves the zip.
 */
export function useSearchFlow(
  search: ReturnType<typeof useInboundSearch>['search'],
  results: {
    firstRequest: (criteria: InboundCriteria) => InboundSearchRequest;
    show: (criteria: InboundCriteria, answer: InboundSearchResponse) => void;
  },
): SearchFlow {
  const validateZip = useValidateZipCode();
  const dialogs: SearchDialogs = useModalsStack(['over-limit', 'zip-not-serviced', 'add-call']);
  const [overLimitTotal, setOverLimitTotal] = useState(0);
  const [prefill, setPrefill] = useState<AddCallPrefill>(EMPTY_PREFILL);

  /** The franchise Add Call starts on; null when no branch in scope serves the zip (the alert is up). */
  const franchiseFor = async (extra: SearchExtra): Promise<AddCallPrefill['franchise'] | undefined> => {
    let franchise = extra.franchise ?? null;
    if (!ZIP.test(extra.zip)) return franchise;
    const check = await validateZip.mutateAsync({ zip: extra.zip }).catch(() => null);
    if (!check) return undefined;
    if (!check.isValid) {
      dialogs.open('zip-not-serviced');
      return undefined;
    }
    if (check.servicedBy.length === 1) franchise ??= check.servicedBy[0] ?? null;
    return franchise;
  };

  const runSearch: SearchFlow['runSearch'] = async (criteria, extra) => {
    validateZip.reset();
    let answer: InboundSearchResponse;
    try {
      answer = await search.mutateAsync(results.firstRequest(criteria));
    } catch {
      return undefined; // shown above the results
    }
    results.show(criteria, answer);
    if (answer.overLimit) {
      setOverLimitTotal(answer.total);
      dialogs.open('over-limit');
      return answer;
    }
    if (answer.total > 0) return answer;

    const franchise = await franchiseFor(extra);
    if (franchise === undefined) return answer;
    setPrefill({
      firstname: criteria.firstname ?? '',
      lastname: criteria.lastname ?? '',
      phone: extra.phone,
      zip: extra.zip,
      franchise,
    });
    dialogs.open('add-call');
    return answer;
  };

  return {
    runSearch,
    dialogs,
    overLimitTotal,
    prefill,
    error: search.error ?? validateZip.error ?? null,
    searching: search.isPending || validateZip.isPending,
  };
}
