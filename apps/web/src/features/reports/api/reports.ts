import { useQuery } from '@tanstack/react-query';
import { routePaths as routes } from '../../../lib/route-table';
import { api } from '../../../lib/api';
import { downloadFile } from '../../../lib/upload';
import { paramsOf, type ReportChoice } from '../model';

/** The report of a choice; a new choice keeps the last figures on screen until the new ones come. */
export const useReport = (choice: ReportChoice) =>
  useQuery({
    queryKey: ['reports', choice],
    queryFn: ({ signal }) => api('report', { query: choice, signal }),
    placeholderData: (previous) => previous,
  });

/** The same figures as a CSV file. */
export const downloadReport = (choice: ReportChoice): Promise<void> =>
  downloadFile(
    `${routes.reportCsv.path}?${paramsOf(choice).toString()}`,
    `report-${choice.groupBy}-${choice.from}-${choice.to}.csv`,
  );
