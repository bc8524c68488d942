import { useQuery } from '@tanstack/react-query';
import { useResolveCall } from '../api/resolveCall';
import { getCustomerQuery } from '../api/getCustomer';
import { getInboundCustomerQuery } from '../api/getInboundCustomer';
import { customerFromCall, inboundRowOf, isOutbound, outboundIdOf, withCallerDetails, type TheCall } from '../model';

/**
 * What a call is about: its row (from the list, or, on a deep link to an outbound call, resolved by the server) and
 * its customer (from the API, or built from the call row when the customer is unknown, -1).
 */
export function useCallSubject(sqldbid: number, customerNo: number, callType: string, routedCall: TheCall | null) {
  const outbound = isOutbound(callType);
  const resolve = useResolveCall(sqldbid, customerNo, callType, outbound && routedCall === null);
  const callRow: TheCall | null = routedCall ?? resolve.data?.theCall ?? null;
  const customerQuery = useQuery({
    ...(callType === 'Inbound' ? getInboundCustomerQuery : getCustomerQuery)(sqldbid, Math.max(customerNo, 0)),
    enabled: customerNo >= 0,
  });
  const loaded =
    customerNo < 0
      ? customerFromCall(callRow, sqldbid, customerNo)
      : customerQuery.data
        ? withCallerDetails(customerQuery.data, callRow)
        : null;
  return {
    callRow,
    /** The row is known (or the call has none to wait for). */
    callKnown: !outbound || routedCall !== null || resolve.isSuccess || resolve.isError,
    outboundId: outboundIdOf(callRow),
    customerQuery,
    /** The customer as read, before the call's own edits of a prospect. */
    loaded,
    // An inbound deep link has no row: the one the search would have given stands in for it.
    theCall: callRow ?? (!outbound && customerQuery.data ? inboundRowOf(customerQuery.data) : null),
  };
}
